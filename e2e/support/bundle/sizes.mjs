// Raw and gzip sizes of JavaScript. gzip is zlib at level 9 (what a static server or CDN would
// send at best), so budgets hold whether or not the app server compresses.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const GZIP_LEVEL = 9;

export function gzipBytes(buffer) {
  return zlib.gzipSync(buffer, { level: GZIP_LEVEL }).length;
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

export function isJavaScriptFile(file) {
  return /\.(m|c)?js$/.test(file);
}

/** Every .js/.mjs/.cjs file under `dir` with its raw and gzip bytes. */
export function measureJavaScriptIn(dir) {
  if (!fs.existsSync(dir)) return [];
  const files = [];
  for (const file of walk(dir)) {
    if (!isJavaScriptFile(file)) continue;
    const body = fs.readFileSync(file);
    files.push({ file, raw: body.length, gzip: gzipBytes(body) });
  }
  return files;
}

/** Every file named `name` under `dir` (manifests live next to each remote's entry). */
export function findFiles(dir, name) {
  if (!fs.existsSync(dir)) return [];
  return [...walk(dir)].filter((file) => path.basename(file) === name);
}

export function formatKB(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
