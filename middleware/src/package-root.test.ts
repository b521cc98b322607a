import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findPackageRoot } from './package-root.js';

const packageDir = path.resolve(process.cwd());

describe('findPackageRoot', () => {
  it('gives the middleware folder from a module two levels down in src', () => {
    const nested = pathToFileURL(path.join(packageDir, 'src', 'db', 'index.ts')).href;
    expect(findPackageRoot(nested)).toBe(packageDir);
  });

  it('gives the same folder from the bundle in dist', () => {
    const bundle = pathToFileURL(path.join(packageDir, 'dist', 'main.js')).href;
    expect(findPackageRoot(bundle)).toBe(packageDir);
  });

  it('fails loudly outside the middleware package', () => {
    const elsewhere = pathToFileURL(path.join(os.tmpdir(), 'no-such-dir', 'main.js')).href;
    expect(() => findPackageRoot(elsewhere)).toThrow('no package.json named @ajo/middleware');
  });
});
