import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, remoteFolder, remotePackage } from './remotes.cjs';

// The list of remotes is the one place a remote is declared: these checks keep it true to the
// repository, so adding a remote stays one entry plus its folder.
const ROOT = path.resolve(__dirname, '..');
const routes = REMOTES.flatMap((remote) =>
  remote.routes.map((r) => ({ ...r, owner: remote.name })),
);

function packageNameIn(folder: string): string | undefined {
  const file = path.join(ROOT, folder, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).name : undefined;
}

describe('the list of remotes', () => {
  it('names each remote once, with a federation name that is a JS identifier', () => {
    const names = REMOTES.map((remote) => remote.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z_$][\w$]*$/);
  });

  it("finds each remote's folder and package from its name", () => {
    expect(remoteFolder({ name: 'public_pages' })).toBe('mfe-public-pages');
    expect(remotePackage({ name: 'public_pages' })).toBe('@ajo/mfe-public-pages');
    for (const remote of REMOTES) {
      expect(packageNameIn(remoteFolder(remote))).toBe(remotePackage(remote));
    }
  });

  it('lists every remote folder of the workspace', () => {
    const workspace = readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
    expect(workspace).toMatch(/^\s+- ['"]?mfe-\*['"]?\s*$/m);
    const folders = readdirSync(ROOT).filter((f) => f.startsWith('mfe-') && packageNameIn(f));
    expect(folders.sort()).toEqual(REMOTES.map(remoteFolder).sort());
  });

  it('gives every route one owner, so the order of the list never matters', () => {
    for (const route of routes) expect(route.path).toMatch(/^\/[^/]/);
    const overlapping = routes.flatMap((a) =>
      routes
        .filter((b) => a !== b && 'prefix' in a && a.prefix)
        .filter((b) => b.path === a.path || b.path.startsWith(`${a.path}/`))
        .map((b) => `${a.path} (${a.owner}) covers ${b.path} (${b.owner})`),
    );
    expect(overlapping).toEqual([]);
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    // The host owns /login (docs/architecture.md "The pieces").
    expect(paths).not.toContain('/login');
  });

  it('has exactly one remote for the fallback home page (SPEC §2)', () => {
    expect(REMOTES.filter((remote) => 'home' in remote && remote.home)).toHaveLength(1);
  });
});
