// Which library a downloaded JavaScript chunk carries. First from the federation manifests each
// build writes (mf-manifest.json / mf-stats.json: `shared[].assets.js` and `exposes[].assets.js`),
// then from the chunk's extracted license file (terser keeps `@license` headers such as
// "react-dom.production.min.js" in <chunk>.LICENSE.txt). File names are never guessed.
import fs from 'node:fs';
import path from 'node:path';

/** Order matters: the first category that matches a chunk wins. */
export const CATEGORIES = [
  'react-dom',
  'react',
  'router',
  'rxjs',
  'single-spa',
  'MF runtime',
  'shared package',
  'remote entries',
  'app code',
];

function categoryOfSharedName(name) {
  if (name === 'react-dom' || name.startsWith('react-dom/')) return 'react-dom';
  if (name === 'react' || name.startsWith('react/')) return 'react';
  // The router and rxjs are shared through @ajo/shared's facades (tooling/webpack-config.cjs).
  if (name.startsWith('react-router') || name === '@ajo/shared/router') return 'router';
  if (name === 'rxjs' || name.startsWith('rxjs/') || name === '@ajo/shared/rx') return 'rxjs';
  if (name.startsWith('@ajo/shared')) return 'shared package';
  if (name.startsWith('single-spa')) return 'single-spa';
  return 'app code';
}

const LICENSE_MARKERS = [
  { re: /react-dom\.production|scheduler\.production/, category: 'react-dom' },
  { re: /\breact\.production|react-jsx-runtime\.production/, category: 'react' },
  { re: /React Router|@remix-run\/router/, category: 'router' },
  { re: /single-spa/, category: 'single-spa' },
];

/**
 * Markers in the code itself, for chunks no manifest lists (the shell builds no manifest). A shell
 * chunk can hold several things; the first marker names it, the others are listed beside it.
 */
const CODE_MARKERS = [
  { re: /__FEDERATION__/, category: 'MF runtime', note: 'federation + webpack runtime' },
  {
    re: /single-spa minified message|singleSpaNavigate/,
    category: 'single-spa',
    note: 'single-spa',
  },
  { re: /ajo-mfe-area/, category: 'app code', note: 'shell layout' },
];

/**
 * Reads every manifest under the given folders into: chunk file name -> categories, plus the
 * names of the containers' entry files.
 */
export function loadManifestIndex(manifestFiles) {
  const byChunk = new Map();
  const entryFiles = new Set();
  const add = (file, category) => {
    const key = path.basename(file);
    if (!byChunk.has(key)) byChunk.set(key, new Set());
    byChunk.get(key).add(category);
  };
  for (const manifestFile of manifestFiles) {
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    } catch {
      continue;
    }
    const entry = manifest.metaData?.remoteEntry;
    if (entry?.name) entryFiles.add(path.basename(entry.name));
    for (const shared of manifest.shared ?? []) {
      const js = shared.assets?.js ?? {};
      for (const file of [...(js.sync ?? []), ...(js.async ?? [])])
        add(file, categoryOfSharedName(shared.name));
    }
    for (const expose of manifest.exposes ?? []) {
      const js = expose.assets?.js ?? {};
      for (const file of [...(js.sync ?? []), ...(js.async ?? [])]) add(file, 'app code');
    }
  }
  return { byChunk, entryFiles };
}

function pickCategory(found) {
  return CATEGORIES.find((c) => found.has(c)) ?? 'app code';
}

/**
 * Categories of one downloaded chunk. `licenseText` is the chunk's extracted license file, if any.
 * Returns { category, libraries, notes }: libraries lists every React package seen (for the duplicate
 * check); notes what else a mixed shell chunk holds.
 */
export function classifyChunk({ url, body, licenseText }, index) {
  const name = path.basename(new URL(url).pathname);
  const found = new Set(index.byChunk.get(name) ?? []);
  if (index.entryFiles.has(name)) found.add('remote entries');
  for (const { re, category } of LICENSE_MARKERS)
    if (licenseText && re.test(licenseText)) found.add(category);
  const notes = [];
  if (found.size === 0) {
    const text = body.toString('utf8');
    for (const { re, category, note } of CODE_MARKERS) {
      if (!re.test(text)) continue;
      found.add(category);
      notes.push(note);
    }
  }
  const libraries = ['react', 'react-dom'].filter((lib) => found.has(lib));
  return { category: pickCategory(found), libraries, notes };
}

/** The license file a minified chunk points at: `/*! For license information please see x.js.LICENSE.txt *\/`. */
export function licenseFileOf(url, body) {
  const head = body.subarray(0, 300).toString('utf8');
  const match = /For license information please see ([^\s*]+)/.exec(head);
  return match ? new URL(match[1], url).toString() : null;
}
