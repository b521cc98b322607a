// `ajo-create-remote` as a team runs it: the remote it writes passes its own test, typecheck and lint
// (with a remote's dependencies: those of mfe-public-pages, linked in), declares its route and sidebar
// entry, and bad input changes nothing. Its build is proven where the packed packages are installed
// (control-plane's remote-outside-workspace.test.ts builds a remote the same way).
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(120_000);
const CLI = path.join(__dirname, 'create-remote.mjs');
const PRETTIER = path.join(__dirname, '..', 'node_modules', 'prettier', 'bin', 'prettier.cjs');
const PRETTIER_CONFIG = path.join(__dirname, '..', '.prettierrc.json');
const REMOTE_DEPS = path.join(__dirname, '..', 'mfe-public-pages', 'node_modules');

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-create-remote-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

function run(file: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      { cwd, env: { ...process.env, CI: 'true' } },
      (error, out, err) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${out}${err}` }),
    );
  });
}
const create = (...args: string[]) => run(CLI, args, tmp);
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('ajo-create-remote', () => {
  it('writes a remote whose own test, typecheck and lint pass, declaring its route and sidebar entry', async () => {
    const dir = path.join(tmp, 'team', 'mfe-cable-tv');
    const made = await create(
      'cable_tv',
      '--dir',
      dir,
      '--route',
      '/dashboard/payments/cable-tv',
      '--label',
      "Cable TV's {plans}",
      '--group',
      'Payments',
    );
    expect(made).toEqual({ code: 0, out: expect.stringContaining(`created cable_tv in ${dir}`) });
    expect(readJson(path.join(dir, 'remote.json'))).toEqual({
      name: 'cable_tv',
      home: false,
      routes: [
        {
          path: '/dashboard/payments/cable-tv',
          label: "Cable TV's {plans}",
          access: 'signed-in',
          layout: 'dashboard',
        },
      ],
      nav: [
        {
          group: 'Payments',
          label: "Cable TV's {plans}",
          path: '/dashboard/payments/cable-tv',
          order: 5000,
        },
      ],
    });
    const pkg = readJson(path.join(dir, 'package.json'));
    expect(Object.keys(pkg.scripts).sort()).toEqual(
      ['build', 'lint', 'release', 'release:upload', 'test', 'typecheck'].sort(),
    );
    expect(pkg.scripts.release).toMatch(/&& ajo-publish-remote --activate$/);
    // Outside a workspace the platform's packages are versions the team installs, not links.
    expect(pkg.devDependencies['@ajo/tooling']).toBe(
      `^${readJson(path.join(__dirname, 'package.json')).version}`,
    );
    expect(readdirSync(path.join(dir, 'src', 'features'))).toEqual(['cable-tv']);

    symlinkSync(REMOTE_DEPS, path.join(dir, 'node_modules'), 'dir');
    const tested = await run(path.join(REMOTE_DEPS, 'jest', 'bin', 'jest.js'), [], dir);
    expect(tested).toEqual({ code: 0, out: expect.stringMatching(/Tests: +4 passed, 4 total/) });
    const typechecked = await run(
      path.join(REMOTE_DEPS, 'typescript', 'bin', 'tsc'),
      ['-p', 'tsconfig.json', '--noEmit'],
      dir,
    );
    expect(typechecked).toEqual({ code: 0, out: '' });
    const linted = await run(path.join(REMOTE_DEPS, 'eslint', 'bin', 'eslint.js'), ['src'], dir);
    expect(linted).toEqual({ code: 0, out: '' });
    // Written as the platform's code is formatted: a team's first prettier run changes nothing.
    const formatted = await run(PRETTIER, ['--check', '--config', PRETTIER_CONFIG, '.'], dir);
    expect(formatted).toEqual({
      code: 0,
      out: expect.stringContaining('All matched files use Prettier code style!'),
    });
  });

  it('links the platform packages inside the monorepo, and names the defaults after the remote', async () => {
    mkdirSync(path.join(tmp, 'tooling'));
    writeFileSync(path.join(tmp, 'pnpm-workspace.yaml'), 'packages: [tooling, mfe-*]\n');
    writeFileSync(
      path.join(tmp, 'tooling', 'package.json'),
      JSON.stringify({ name: '@ajo/tooling' }),
    );
    expect((await create('loyalty_points')).code).toBe(0);
    const dir = path.join(tmp, 'mfe-loyalty-points');
    const pkg = readJson(path.join(dir, 'package.json'));
    expect([
      pkg.name,
      pkg.dependencies['@ajo/shared'],
      pkg.devDependencies['@ajo/tooling'],
    ]).toEqual(['@ajo/mfe-loyalty-points', 'workspace:*', 'workspace:*']);
    expect(readJson(path.join(dir, 'remote.json'))).toMatchObject({
      routes: [{ path: '/dashboard/loyalty-points', label: 'Loyalty points' }],
      nav: [{ group: 'Loyalty points', path: '/dashboard/loyalty-points' }],
    });
    expect(readFileSync(path.join(dir, 'src', 'app', 'remote-root.tsx'), 'utf8')).toMatch(
      /const ROUTE = '\/dashboard\/loyalty-points';[^]*<Route path=\{ROUTE\} element=\{<LoyaltyPointsScreen \/>\} \/>/,
    );
  });

  it('writes code as prettier formats it with the longest name, route and label it takes', async () => {
    const dir = path.join(tmp, 'long');
    const route = `/dashboard/${'a-long-segment/'.repeat(4)}${'x'.repeat(9)}`;
    expect(route).toHaveLength(80);
    const made = await create(
      'a_remote_with_a_very_long_name',
      '--dir',
      dir,
      '--route',
      route,
      '--label',
      `Ada's "plans" {for} <TV> & \\ more`.padEnd(60, '.'),
    );
    expect(made.code).toBe(0);
    const formatted = await run(PRETTIER, ['--check', '--config', PRETTIER_CONFIG, '.'], dir);
    expect(formatted).toEqual({
      code: 0,
      out: expect.stringContaining('All matched files use Prettier code style!'),
    });
  });

  it('refuses an existing folder, a bad name or route, with one clear line, and writes nothing', async () => {
    const existing = path.join(tmp, 'mfe-cards');
    mkdirSync(existing);
    writeFileSync(path.join(existing, 'keep.txt'), 'the team’s work');
    const cases: [string[], RegExp][] = [
      [['cards'], /mfe-cards already exists: choose another --dir \(nothing was written\)/],
      [['Cards', '--dir', 'x'], /"Cards" is not a remote name/],
      [['host', '--dir', 'x'], /"host" is not a remote name/],
      [['c', '--dir', 'x'], /"c" is not a remote name/],
      [['cards-v2', '--dir', 'x'], /"cards-v2" is not a remote name/],
      [
        ['cards', '--dir', 'x', '--route', '/dashboard/cards/'],
        /--route "\/dashboard\/cards\/" is not a route path/,
      ],
      [['cards', '--dir', 'x', '--route', 'dashboard/Cards'], /is not a route path/],
      [
        ['cards', '--dir', 'x', '--group', 'Pay\nments'],
        /--group needs 1-60 characters on one line/,
      ],
      [['cards', '--dir', 'x', '--label', ' '], /--label needs 1-60 characters on one line/],
      [[], /^ajo-create-remote: usage: ajo-create-remote <name>/],
      [['cards', '--dir', 'x', '--colour', 'red'], /Unknown option '--colour'/],
    ];
    for (const [args, message] of cases) {
      const refused = await create(...args);
      expect([args, refused.code]).toEqual([args, 1]);
      expect(refused.out).toMatch(message);
      expect(refused.out).not.toMatch(/\n\s+at /);
    }
    expect(readdirSync(tmp)).toEqual(['mfe-cards']);
    expect(readdirSync(existing)).toEqual(['keep.txt']);
    expect(existsSync(path.join(tmp, 'x'))).toBe(false);
  });
});
