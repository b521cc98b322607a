/** @jest-environment node */
// A team works on its remote outside the monorepo (host/README.md "A team ships its remote alone"):
// one remote copied to a folder of its own, the workspace packages it uses (tooling, shared,
// remote-kit) as the tarballs `pnpm pack` makes, installed from the pnpm store (the registry only for
// what the store's metadata cache lacks). Its own scripts lint it (the config from
// @ajo/tooling/eslint-remote), test it (jest compiling @ajo/shared and @ajo/remote-kit from
// node_modules), typecheck it, and `release:upload` builds it, uploads the build to an operator API
// and makes it live there, past the checks, the headless mount of this real build included. A remote
// the scaffold (ajo-create-remote) writes passes its own lint, typecheck and tests the same way.
import { spawn } from 'node:child_process';
import {
  cpSync,
  
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildOperatorApp } from './operator/index.js';
import { createMountCheck } from './mount-check.js';
import { hostSharedVersions } from './registry-checks.js';
import type { SpawnOptions } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

jest.setTimeout(600_000);
const repo = path.resolve(__dirname, '..', '..');
const hostDir = path.join(repo, 'host');
const REMOTE = 'mfe-public-pages';
const PACKED = {
  '@ajo/tooling': 'tooling',
  '@ajo/shared': 'shared',
  '@ajo/remote-kit': 'remote-kit',
};
const TOKEN = 'team-pipeline-token-0123456789';

let tmp: string;
let operatorApp: FastifyInstance;

/** Runs a command without blocking this process (the operator API answers from it). */
function run(
  command: string,
  args: string[],
  options: SpawnOptions,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.stderr?.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.on('close', (code) => resolve({ code, out }));
  });
}
/** A port nothing listens on (one a server had a moment ago). */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const pnpm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  run(process.execPath, [path.join(repo, 'scripts', 'pnpm.mjs'), ...args], {
    cwd,
    env: { ...process.env, ...env },
  });

/**
 * The workspace lockfile with the remote's importer as the only project: every third-party
 * package then resolves to what the workspace installed (in the store, so offline), and only the
 * tarballs are new to pnpm.
 */
function standaloneLockfile() {
  const lines = readFileSync(path.join(repo, 'pnpm-lock.yaml'), 'utf8').split('\n');
  const importers = lines.indexOf('importers:');
  const after = lines.findIndex((l, i) => i > importers && /^\S/.test(l));
  const start = lines.indexOf(`  ${REMOTE}:`, importers);
  const end = lines.findIndex((l, i) => i > start && /^ {2}\S/.test(l));
  expect([importers, start].every((i) => i > 0 && i < after)).toBe(true);
  return [
    ...lines.slice(0, importers + 1),
    '  .:',
    ...lines.slice(start + 1, Math.min(end < 0 ? after : end, after)),
    ...lines.slice(after),
  ].join('\n');
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-outside-'));
  expect(path.relative(repo, tmp).startsWith('..')).toBe(true);
  operatorApp = await buildOperatorApp({
    deployDir: path.join(tmp, 'deploy'),
    operators: [{ name: 'team-public-pages', token: TOKEN }],
    hostShared: hostSharedVersions(hostDir),
    mountCheck: createMountCheck({ hostDir }),
  });
  await operatorApp.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await operatorApp?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The workspace packages a remote uses, as the tarballs `pnpm pack` makes (file: specs). */
let tarballSpecs: Promise<Record<string, string>> | undefined;
function packedPackages() {
  tarballSpecs ??= (async () => {
    const tarballs = path.join(tmp, 'tarballs');
    mkdirSync(tarballs);
    const files: Record<string, string> = {};
    for (const [name, folder] of Object.entries(PACKED)) {
      const packed = await pnpm(['pack', '--pack-destination', tarballs], path.join(repo, folder));
      expect(packed).toMatchObject({ code: 0 });
      files[name] = `file:../tarballs/${path.basename(packed.out.trim().split('\n').at(-1) ?? '')}`;
    }
    return files;
  })();
  return tarballSpecs;
}

/**
 * Installs the remote in `dir` as a team would, the platform's packages (workspace:* in the
 * monorepo, a version in a scaffolded remote) being the tarballs.
 */
async function installOutside(dir: string) {
  const files = await packedPackages();
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const deps of [pkg.dependencies, pkg.devDependencies]) {
    for (const name of Object.keys(deps ?? {})) {
      if (name in files) deps[name] = files[name];
    }
  }
  // The packed packages name each other by version (workspace:* becomes 0.1.0): the tarballs too.
  pkg.pnpm = { overrides: files };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(path.join(dir, 'pnpm-lock.yaml'), standaloneLockfile());
  expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).not.toContain('workspace:');

  // As a team's machine would: pnpm freezes the lockfile when it sees CI=true (as CI runs npm
  // test), and the seeded lockfile does not name the tarballs yet. The tarballs' own
  // dependencies are resolved afresh, which needs registry metadata a frozen install never
  // cached: --prefer-offline reads the cache and asks the registry only for what is missing.
  const installed = await pnpm(['install', '--prefer-offline'], dir, { CI: 'false' });
  expect(installed.out).not.toMatch(/ERR_PNPM/);
  expect(installed.code).toBe(0);
  return pkg;
}

describe('a remote outside the workspace', () => {
  it('builds from packed workspace packages, publishes over HTTP and goes live after the mount check', async () => {
    const dir = path.join(tmp, REMOTE);
    cpSync(path.join(repo, REMOTE), dir, {
      recursive: true,
      filter: (src) => !/[\\/](node_modules|dist)$/.test(src),
    });
    const pkg = await installOutside(dir);

    // The team's everyday scripts, with nothing from the monorepo: lint and typecheck the whole
    // remote, run all its tests (the remote kit's lifecycles and error boundary, @ajo/shared's ui and
    // router among what they run, compiled from node_modules).
    const linted = await pnpm(['run', 'lint'], dir);
    expect([linted.code, linted.out]).toEqual([0, expect.any(String)]);
    const typechecked = await pnpm(['run', 'typecheck'], dir);
    expect([typechecked.code, typechecked.out]).toEqual([0, expect.any(String)]);
    const tested = await pnpm(['run', 'test'], dir);
    expect([tested.code, tested.out]).toEqual([0, expect.stringMatching(/Tests: +\d+ passed/)]);
    expect(tested.out).not.toMatch(/Cannot use import statement/);
    // A lint problem is found there too: the config is the remote's own, not a no-op.
    const lifecycles = path.join(dir, 'src', 'app', 'lifecycles.tsx');
    const source = readFileSync(lifecycles, 'utf8');
    writeFileSync(
      lifecycles,
      `${source}import type { HostApi } from '@ajo/host/x';\nexport type X = HostApi;\n`,
    );
    const refused = await pnpm(['run', 'lint'], dir);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('A remote never imports another remote or the host');
    writeFileSync(lifecycles, source);

    // This registry has never had the remote: its first version adds it (--new-remote).
    const { port } = operatorApp.server.address() as AddressInfo;
    const release = (extra: string[]) =>
      pnpm(
        [
          'run',
          'release:upload',
          '--activate',
          '--reason',
          'first release from the team pipeline',
          ...extra,
        ],
        dir,
        { AJO_REGISTRY_URL: `http://127.0.0.1:${port}`, AJO_OPERATOR_TOKEN: TOKEN },
      );
    const unknown = await release([]);
    expect([unknown.code, unknown.out]).toEqual([
      1,
      expect.stringMatching(/Unknown remote 'public_pages'/),
    ]);
    const released = await release(['--new-remote']);
    expect(released.out).toMatch(/"published":true/);
    expect(released.code).toBe(0);

    // A registry that cannot be reached: one clear line naming the URL (its prefix kept), no stack.
    const closed = await run(
      process.execPath,
      // The installed bin's script itself (node_modules/.bin holds a shell shim of it).
      [path.join(dir, 'node_modules', '@ajo', 'tooling', 'publish-remote.mjs')],
      {
        cwd: dir,
        env: {
          ...process.env,
          AJO_REGISTRY_URL: `http://127.0.0.1:${await closedPort()}/platform`,
          AJO_OPERATOR_TOKEN: TOKEN,
        },
      },
    );
    expect(closed.code).toBe(1);
    expect(closed.out).toMatch(
      /^ajo-publish-remote: cannot reach the registry at http:\/\/127\.0\.0\.1:\d+\/platform\/_operator\/registry\/public_pages\/versions\/.*connection refused.*\n$/,
    );

    const manifest = JSON.parse(readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
    expect(manifest.name).toBe('public_pages');
    expect(manifest.metaData.buildInfo.buildVersion).toBe(pkg.version);
    expect(manifest.exposes.map((e: { path: string }) => e.path)).toContain('./app');
    // The build stamped what the remote declares (its remote.json, less its name) into the manifest.
    const { name: _name, ...declared } = JSON.parse(
      readFileSync(path.join(dir, 'remote.json'), 'utf8'),
    );
    expect(manifest.contributes).toEqual(declared);

    const auth = { authorization: `Bearer ${TOKEN}` };
    const registry = (
      await operatorApp.inject({ url: '/_operator/registry', headers: auth })
    ).json();
    expect(registry.state.remotes.public_pages).toMatchObject({
      active: pkg.version,
      versions: [
        expect.objectContaining({ version: pkg.version, publishedBy: 'team-public-pages' }),
      ],
    });
    const history = (
      await operatorApp.inject({ url: '/_operator/registry/history', headers: auth })
    ).json().history;
    expect(history[0]).toMatchObject({
      action: 'activate',
      operator: 'team-public-pages',
      to: pkg.version,
      reason: 'first release from the team pipeline',
    });

    // The same real build with an entry that fails is refused by the mount check, with the reason.
    const broken = path.join(tmp, 'broken');
    cpSync(path.join(dir, 'dist'), broken, { recursive: true });
    writeFileSync(
      path.join(broken, 'mf-manifest.json'),
      JSON.stringify({
        ...manifest,
        metaData: { ...manifest.metaData, buildInfo: { buildVersion: '0.1.1' } },
      }),
    );
    writeFileSync(path.join(broken, 'remoteEntry.js'), 'throw new Error("half-deployed entry");');
    expect(
      await createMountCheck({ hostDir })({ dir: broken, name: 'public_pages', version: '0.1.1' }),
    ).toEqual([expect.stringMatching(/^\.\/app did not load: /)]);
  });

  it('scaffolds a new remote whose lint, typecheck and tests pass from the packed packages, and adds it to a registry that never had it', async () => {
    const dir = path.join(tmp, 'rewards');
    // As a team would run ajo-create-remote from the installed @ajo/tooling: the same script.
    const made = await run(
      process.execPath,
      [
        path.join(repo, 'tooling', 'create-remote.mjs'),
        'rewards',
        '--dir',
        dir,
        '--label',
        'Rewards',
      ],
      { cwd: tmp },
    );
    expect(made).toMatchObject({ code: 0 });
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    // Outside a workspace the scaffold asks for the platform packages by version.
    expect(pkg.dependencies['@ajo/remote-kit']).toMatch(/^\^\d+\.\d+\.\d+$/);
    await installOutside(dir);

    const linted = await pnpm(['run', 'lint'], dir);
    expect([linted.code, linted.out]).toEqual([0, expect.any(String)]);
    const typechecked = await pnpm(['run', 'typecheck'], dir);
    expect([typechecked.code, typechecked.out]).toEqual([0, expect.any(String)]);
    const tested = await pnpm(['run', 'test'], dir);
    expect([tested.code, tested.out]).toEqual([
      0,
      expect.stringMatching(/Tests: +4 passed, 4 total/),
    ]);

    // Built and released as a new remote: past the checks (mounted at its own route) and live.
    const { port } = operatorApp.server.address() as AddressInfo;
    const released = await pnpm(['run', 'release:upload', '--activate', '--new-remote'], dir, {
      AJO_REGISTRY_URL: `http://127.0.0.1:${port}`,
      AJO_OPERATOR_TOKEN: TOKEN,
    });
    expect([released.code, released.out]).toEqual([0, expect.stringMatching(/"published":true/)]);
    const document = (
      await operatorApp.inject({
        url: '/_operator/registry',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json().document;
    expect(document.remotes.rewards).toMatchObject({
      version: pkg.version,
      contributes: {
        routes: [{ path: '/dashboard/rewards', label: 'Rewards', access: 'signed-in' }],
        nav: [expect.objectContaining({ label: 'Rewards', path: '/dashboard/rewards' })],
      },
    });
  });
});
