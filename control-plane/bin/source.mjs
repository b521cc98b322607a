// For the root scripts that run with plain node (scripts/build.mjs, scripts/first-paint.mjs):
// loads one of this package's TypeScript modules through tsx, as bin/serve.mjs runs the server
// (docs/decisions/031-the-control-plane-in-a-package-of-its-own.md), without registering tsx for
// the rest of the calling process. tsx is imported when first needed: `npm test` and `npm start`
// load scripts/build.mjs on a fresh clone before they install the dependencies.

/** The module at `file`, a path under control-plane/ (e.g. 'src/precompress.ts'). */
export async function importSource(file) {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(new URL(`../${file}`, import.meta.url).href, import.meta.url);
}
