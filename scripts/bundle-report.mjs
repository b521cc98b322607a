#!/usr/bin/env node
// Bundle report: each package's JavaScript (raw and gzip), the bytes a browser downloads on the
// first load of every page of the route table and what they pay for, and two gates: react /
// react-dom downloaded at most once, and each page within its gzip budget (e2e/support/bundle/
// budgets.mjs: / 130 KB, signed-out pages 160 KB, signed-in pages 200 KB).
// Runs after a build: `node scripts/bundle-report.mjs [--out file.md]`. Writes dist/bundle-report.md.
// Exit code 1 on a failed gate, 2 when the builds it measures are missing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFiles, measureJavaScriptIn } from '../e2e/support/bundle/sizes.mjs';
import { loadManifestIndex } from '../e2e/support/bundle/attribution.mjs';
import {
  duplicateLibraries,
  launchChromium,
  measurePage,
  startAppServer,
} from '../e2e/support/bundle/first-load.mjs';
import { renderReport } from '../e2e/support/bundle/report-markdown.mjs';
import { overBudget, pagesToMeasure } from '../e2e/support/bundle/budgets.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deployDir = path.join(repoRoot, '.deploy');
const serverScript = path.join(repoRoot, 'control-plane', 'bin', 'serve.mjs');

/** The workspace's package folders (pnpm-workspace.yaml; a trailing `*` matches folder names). */
function workspacePackages() {
  const yaml = fs.readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  // The `packages:` list ends at the next top-level key.
  const block = (yaml.split(/^packages:\s*$/m)[1] ?? '').split(/^\S/m)[0];
  const patterns = [...block.matchAll(/^\s+-\s+['"]?([\w./*-]+)['"]?\s*$/gm)].map((m) => m[1]);
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('*')) return [pattern];
    const prefix = pattern.slice(0, -1);
    return fs
      .readdirSync(repoRoot, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name.startsWith(prefix))
      .filter((e) => fs.existsSync(path.join(repoRoot, e.name, 'package.json')))
      .map((e) => e.name)
      .sort();
  });
}

/** Packages that build JavaScript of their own; shared, remote-kit and tooling are compiled in. */
function builtPackages() {
  return workspacePackages().filter((folder) => fs.existsSync(path.join(repoRoot, folder, 'dist')));
}

function measurePackages() {
  return builtPackages().map((folder) => {
    const files = measureJavaScriptIn(path.join(repoRoot, folder, 'dist'));
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8'));
    const total = (key) => files.reduce((n, f) => n + f[key], 0);
    return { name: pkg.name ?? folder, folder, files, raw: total('raw'), gzip: total('gzip') };
  });
}

function parseArgs(argv) {
  const outIndex = argv.indexOf('--out');
  return {
    out:
      outIndex >= 0
        ? path.resolve(argv[outIndex + 1])
        : path.join(repoRoot, 'dist', 'bundle-report.md'),
  };
}

async function main() {
  const { out } = parseArgs(process.argv.slice(2));
  for (const needed of [serverScript, deployDir]) {
    if (!fs.existsSync(needed)) {
      console.error(
        `bundle-report: ${path.relative(repoRoot, needed)} is missing; run \`npm run build\` first.`,
      );
      return 2;
    }
  }
  const packages = measurePackages();
  const manifests = [repoRoot, deployDir].flatMap((dir) =>
    dir === repoRoot
      ? builtPackages().flatMap((f) =>
          ['mf-manifest.json', 'mf-stats.json', 'mf-manifest-stats.json'].flatMap((n) =>
            findFiles(path.join(repoRoot, f, 'dist'), n),
          ),
        )
      : ['mf-manifest.json', 'mf-stats.json', 'mf-manifest-stats.json'].flatMap((n) =>
          findFiles(dir, n),
        ),
  );
  const index = loadManifestIndex(manifests);

  const server = await startAppServer({ serverScript, deployDir, cwd: repoRoot });
  const browser = await launchChromium();
  const pages = [];
  try {
    for (const page of pagesToMeasure()) {
      const result = await measurePage(browser, { baseURL: server.baseURL, index, ...page });
      pages.push({ ...result, signedIn: page.signedIn, budget: page.budget });
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const duplicates = pages.flatMap(duplicateLibraries);
  const problems = [...duplicates, ...overBudget(pages)];
  const markdown = renderReport({
    packages,
    pages,
    duplicates,
    generatedAt: new Date().toISOString(),
  });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, markdown);
  console.log(markdown);
  console.log(`bundle-report: written to ${path.relative(process.cwd(), out) || out}`);
  if (problems.length > 0) {
    console.error(`bundle-report: ${problems.length} check(s) failed:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bundle-report: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
