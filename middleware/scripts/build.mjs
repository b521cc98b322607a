#!/usr/bin/env node
// `npm run build`: one esbuild bundle, src/main.ts -> dist/main.js (no type checking: that is the
// `typecheck` script). Every bare import stays external (node builtins and node_modules packages,
// resolved at run time from middleware/node_modules) EXCEPT @ajo/shared/*, which is TypeScript
// source with extensionless imports and so is bundled: the server uses the web app's own schemas
// and messages (docs/conventions.md §3: one zod schema per rule). JSON imports are bundled too.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(packageDir, 'dist');

/** Bare specifiers ('fastify', 'node:fs', '@scope/pkg/sub') are external unless under @ajo/shared. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@ajo/shared' || args.path.startsWith('@ajo/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const result = await build({
  absWorkingDir: packageDir,
  entryPoints: ['src/main.ts'],
  outfile: path.join(outDir, 'main.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // @ajo/shared lists ./src/schemas/zod.ts (z.config({ jitless: true })) as a side effect to keep.
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});

// Worker scripts start with new URL('./<name>-worker.mjs', import.meta.url) (db/pglite-client.ts);
// once bundled, import.meta.url is dist/main.js, so every src/**/*-worker.mjs is copied beside it.
const workers = readdirSync(path.join(packageDir, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('-worker.mjs'))
  .sort();
const copied = new Set();
for (const file of workers) {
  const name = path.basename(file);
  if (copied.has(name)) throw new Error(`two worker scripts named ${name}: dist/ holds one`);
  copied.add(name);
  copyFileSync(path.join(packageDir, 'src', file), path.join(outDir, name));
}

const inputs = Object.keys(result.metafile.inputs);
const sharedFiles = inputs.filter((file) => file.includes('shared/src/')).length;
console.log(
  `dist/main.js: ${inputs.length} source files bundled (${sharedFiles} from @ajo/shared); ` +
    `workers copied: ${[...copied].join(', ')}`,
);
