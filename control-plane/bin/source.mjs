// For the root scripts that run with plain node (scripts/build.mjs, scripts/first-paint.mjs):
// loads one of this package's TypeScript modules through tsx, as bin/serve.mjs runs the server
// (docs/decisions/031-the-control-plane-in-a-package-of-its-own.md), without registering tsx for
// the rest of the calling process.
import { tsImport } from 'tsx/esm/api';

/** The module at `file`, a path under control-plane/ (e.g. 'src/precompress.ts'). */
export function importSource(file) {
  return tsImport(new URL(`../${file}`, import.meta.url).href, import.meta.url);
}
