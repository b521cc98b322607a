// Build-time compression of static assets: a .br (brotli, best quality) and a .gz (gzip level 9)
// beside every text asset, which the app server sends by Accept-Encoding (@fastify/static
// `preCompressed`). Done once when a build or a remote version is published, never per request:
// best-quality brotli costs far too much CPU to run on every download.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text assets worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

function filesUnder(dir: string) {
  return (
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      // Node before 20.12 names the folder `path`.
      .map((e) => path.join(e.parentPath ?? (e as { path?: string }).path, e.name))
  );
}

/**
 * Writes name.br and name.gz next to every compressible file under `dir`. A variant that would not
 * be smaller than the original (a tiny file) is not written, so the server sends the original.
 * Answers the totals, for the build log.
 */
export function precompressDir(dir: string): {
  files: number;
  raw: number;
  br: number;
  gzip: number;
} {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    totals.files += 1;
    totals.raw += body.length;
    totals.br += Math.min(br.length, body.length);
    totals.gzip += Math.min(gz.length, body.length);
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  }
  return totals;
}
