/** @jest-environment node */
// The operators' CLI as they run it (a process of its own), on a registry that breaks.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  corruptDatabase,
  RENDERS,
  writeContainer,
  openTestStore,
} from './registry-test-support.js';

let tmp: string;
let deployDir: string;

function cli(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [path.join(__dirname, '..', 'bin', 'registry-cli.mjs'), ...args],
    {
      env: { ...process.env, DEPLOY_DIR: deployDir, REGISTRY_OPERATOR: 'ada' },
      encoding: 'utf8',
    },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeEach(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-cli-'));
  deployDir = path.join(tmp, 'deploy');
  const store = openTestStore(deployDir);
  for (const version of ['0.1.0', '0.2.0']) {
    const build = path.join(tmp, version);
    // Containers that mount: the CLI runs every check before a version goes live (liveChecks).
    writeContainer(build, { name: 'wallets', version, app: RENDERS });
    await store.publishFolder('wallets', build, version, { operator: 'setup', activate: true });
  }
  await store.close();
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('registry-cli', () => {
  it('changes the registry with the operator and reason in the history, refusing a stale revision', () => {
    const listed = cli('list');
    expect(listed.code).toBe(0);
    const { revision } = JSON.parse(listed.out);
    const back = cli(
      'rollback',
      'wallets',
      '--reason',
      'checkout broke',
      '--if-revision',
      `${revision}`,
    );
    expect([back.code, JSON.parse(back.out).active]).toEqual([0, '0.1.0']);
    const stale = cli('activate', 'wallets', '0.2.0', '--if-revision', `${revision}`);
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(/registry changed/);
    const [last] = JSON.parse(cli('history', 'wallets', '--limit', '1').out);
    expect(last).toMatchObject({
      operator: 'ada',
      action: 'rollback',
      from: '0.2.0',
      to: '0.1.0',
      reason: 'checkout broke',
    });
    expect(cli('activate', 'wallets').err).toMatch(/Invalid version/);
    expect(cli('nonsense').code).toBe(2);
  });

  it('rolls a version out to a share of browsers and cancels it', () => {
    expect(cli('activate', 'wallets', '0.1.0').code).toBe(0);
    const { revision } = JSON.parse(cli('list').out);
    const started = cli('rollout', 'wallets', '0.2.0', '25', '--reason', 'canary');
    expect([started.code, JSON.parse(started.out).rollout]).toEqual([
      0,
      { version: '0.2.0', percent: 25 },
    ]);
    expect(JSON.parse(cli('list').out).remotes.wallets.rollout).toEqual({
      version: '0.2.0',
      percent: 25,
    });
    const stale = cli('rollout-cancel', 'wallets', '--if-revision', `${revision}`);
    expect([stale.code, stale.err]).toEqual([1, expect.stringMatching(/registry changed/)]);
    expect(cli('rollout', 'wallets', '0.2.0', 'half').err).toMatch(/not 'half'/);
    expect(cli('rollout', 'wallets', '0.2.0', '0').err).toMatch(/whole number from 1 to 100/);
    expect(cli('rollout-cancel', 'wallets').code).toBe(0);
    const [cancel, rollout] = JSON.parse(cli('history', 'wallets', '--limit', '2').out);
    expect([
      cancel.action,
      cancel.operator,
      rollout.action,
      rollout.reason,
      rollout.detail,
    ]).toEqual(['rollout-cancel', 'ada', 'rollout', 'canary', '25% of browsers']);
    expect(JSON.parse(cli('list').out).remotes.wallets).toMatchObject({
      active: '0.1.0',
      rollout: null,
    });
  });

  it('marks a version bad and clears it, and rolls out with a stop (record 045)', () => {
    expect(cli('mark-bad', 'wallets', '0.1.0').err).toMatch(/needs a reason/);
    const marked = cli('mark-bad', 'wallets', '0.1.0', '--reason', 'blank screen');
    expect([marked.code, JSON.parse(marked.out).bad]).toEqual([0, 'marked bad: blank screen']);
    expect(JSON.parse(cli('list').out).remotes.wallets.bad).toEqual({
      '0.1.0': 'marked bad: blank screen',
    });
    expect(cli('rollback', 'wallets').err).toMatch(/no earlier version/);
    expect(cli('unmark-bad', 'wallets', '0.1.0').code).toBe(0);
    expect(JSON.parse(cli('rollback', 'wallets').out).active).toBe('0.1.0');

    const stopped = cli(
      'rollout',
      'wallets',
      '0.2.0',
      '10',
      '--stop-above',
      '20',
      '--min-loads',
      '500',
    );
    expect([stopped.code, JSON.parse(stopped.out).rollout]).toEqual([
      0,
      { version: '0.2.0', percent: 10, stop: { perThousand: 20, minLoads: 500 } },
    ]);
    expect(
      cli('rollout', 'wallets', '0.2.0', '20', '--stop-above', 'lots', '--min-loads', '5').err,
    ).toMatch(/per 1,000 loads/);
  });

  it('says in one line, with no stack trace, that the registry database URL is not one', () => {
    for (const url of ['not-a-url', 'mysql://ops.example/registry']) {
      const result = spawnSync(
        process.execPath,
        [path.join(__dirname, '..', 'bin', 'registry-cli.mjs'), 'list'],
        {
          env: { ...process.env, DEPLOY_DIR: deployDir, REGISTRY_DATABASE_URL: url },
          encoding: 'utf8',
        },
      );
      expect([result.status, result.stderr]).toEqual([
        1,
        'registry: REGISTRY_DATABASE_URL must be a postgres:// or postgresql:// URL\n',
      ]);
    }
  });

  it('still runs on a corrupted registry, says how to repair it, and repairs it', () => {
    corruptDatabase(deployDir, 'not a database at all');
    const broken = cli('list');
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/cannot be read.*npm run registry -- repair/);
    expect(broken.err).not.toMatch(/\n\s+at /);
    const repaired = cli('repair');
    expect(repaired.code).toBe(0);
    expect(JSON.parse(repaired.out)).toMatchObject({ repaired: true });
    const listed = JSON.parse(cli('list').out);
    expect(listed.remotes.wallets.active).toBe('0.2.0');
    expect(JSON.parse(cli('history', '--limit', '1').out)[0]).toMatchObject({
      action: 'repair',
      operator: 'ada',
    });
  });
});
