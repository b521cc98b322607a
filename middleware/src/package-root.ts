import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@ajo/middleware';

/**
 * The middleware's package folder, found by walking up from `fromUrl` to the package.json named
 * @ajo/middleware. Counting '..' from import.meta.url breaks once a module is bundled into
 * dist/main.js (src/db/index.ts is two levels down, dist/main.js one), so every module asks here
 * and gets the same folder under tsx, jest and `node dist/main.js`.
 */
export function findPackageRoot(fromUrl: string = import.meta.url): string {
  const start = path.dirname(fileURLToPath(fromUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && readPackageName(manifest) === PACKAGE_NAME) return dir;
    if (path.dirname(dir) === dir) {
      throw new Error(`no package.json named ${PACKAGE_NAME} above ${start}`);
    }
  }
}

function readPackageName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
