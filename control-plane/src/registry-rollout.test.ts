/** @jest-environment node */
// The registry store: gradual rollout and the records of testers' overrides.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { corruptDatabase } from './registry-test-support.js';

import {
  as,
  deploy,
  fakeRemoteBuild,
  open,
  registryStoreHooks,
  repo,
} from './registry-store-test-support.js';

registryStoreHooks();

describe('gradual rollout', () => {
  async function rollingOut() {
    const store = open();
    for (const version of ['0.1.0', '0.2.0', '0.3.0']) {
      fakeRemoteBuild('mfe-wallets', version);
      await store.publish(repo, 'wallets', as);
    }
    await store.activate('wallets', '0.1.0', as);
    return store;
  }

  it('makes a version live for a share of browsers, changes the share, and records each step', async () => {
    const store = await rollingOut();
    expect(
      await store.rollout('wallets', '0.2.0', 10, { operator: 'ada', reason: 'canary' }),
    ).toMatchObject({ active: '0.1.0', rollout: { version: '0.2.0', percent: 10 }, changed: true });
    await store.rollout('wallets', '0.2.0', 50, as);
    const { remotes } = await store.read();
    expect(remotes.wallets).toMatchObject({
      active: '0.1.0',
      rollout: { version: '0.2.0', percent: 50 },
    });
    expect(remotes.settings?.rollout ?? null).toBeNull();
    expect(await store.rollouts()).toEqual({ wallets: { version: '0.2.0', percent: 50 } });
    // Everyone's document does not change: the app server picks per browser (registry-per-browser.mjs).
    expect((await store.document()).remotes.wallets!.version).toBe('0.1.0');
    const [raised, started] = await store.history({ remote: 'wallets' });
    expect(started).toMatchObject({
      action: 'rollout',
      operator: 'ada',
      from: '0.1.0',
      to: '0.2.0',
      reason: 'canary',
      detail: '10% of browsers',
    });
    expect(raised).toMatchObject({ action: 'rollout', detail: 'from 10% to 50% of browsers' });
    // The same share again changes nothing.
    const { revision } = await store.read();
    expect(await store.rollout('wallets', '0.2.0', 50, as)).toMatchObject({ changed: false });
    expect((await store.read()).revision).toBe(revision);
  });

  it('100 % activates the version and ends the rollout; cancel ends it without changing the live version', async () => {
    const store = await rollingOut();
    await store.rollout('wallets', '0.2.0', 30, as);
    expect(await store.rollout('wallets', '0.2.0', 100, as)).toMatchObject({
      active: '0.2.0',
      previous: '0.1.0',
    });
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.2.0', rollout: null });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'activate',
      detail: 'ended the rollout of 0.2.0 to 30% of browsers',
    });

    await store.rollout('wallets', '0.3.0', 20, as);
    expect(await store.cancelRollout('wallets', { ...as, reason: 'errors up' })).toMatchObject({
      active: '0.2.0',
      rollout: null,
      changed: true,
    });
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.2.0', rollout: null });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollout-cancel',
      from: '0.3.0',
      to: '0.2.0',
      reason: 'errors up',
    });
    expect(await store.cancelRollout('wallets', as)).toMatchObject({ changed: false });
  });

  it('activate, rollback and activating the live version again each end the rollout', async () => {
    const store = await rollingOut();
    await store.rollout('wallets', '0.2.0', 30, as);
    await store.activate('wallets', '0.3.0', as);
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.3.0', rollout: null });

    await store.rollout('wallets', '0.2.0', 30, as);
    expect(await store.rollback('wallets', as)).toMatchObject({ active: '0.1.0' });
    expect((await store.read()).remotes.wallets!.rollout).toBeNull();
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollback',
      detail: 'ended the rollout of 0.2.0 to 30% of browsers',
    });

    await store.rollout('wallets', '0.2.0', 30, as);
    await store.activate('wallets', '0.1.0', as);
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.1.0', rollout: null });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollout-cancel',
    });
  });

  it('refuses a bad share, an unpublished or failing version (unless forced with a reason), and a rollout with nothing live', async () => {
    const store = await rollingOut();
    for (const percent of [0, -5, 101, 12.5, '50', null]) {
      await expect(store.rollout('wallets', '0.2.0', percent, as)).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/whole number from 1 to 100/),
      });
    }
    await expect(store.rollout('wallets', '9.9.9', 10, as)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/not published/),
    });
    await expect(store.rollout('wallets', '0.1.0', 10, as)).rejects.toThrow(
      /already live for everyone/,
    );
    await expect(store.rollout('settings', '0.1.0', 10, as)).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringMatching(/Unknown remote 'settings'/),
    });
    await store.publish(repo, 'settings', as);
    await expect(store.rollout('settings', '0.1.0', 10, as)).rejects.toThrow(
      /no version live for everyone/,
    );
    rmSync(path.join(deploy, 'remotes', 'wallets', '0.2.0', 'remoteEntry.js'));
    await expect(store.rollout('wallets', '0.2.0', 10, as)).rejects.toThrow(
      /entry remoteEntry\.js is missing/,
    );
    await expect(store.rollout('wallets', '0.2.0', 10, { ...as, force: true })).rejects.toThrow(
      /needs a reason/,
    );
    expect((await store.read()).remotes.wallets!.rollout).toBeNull();
    await store.rollout('wallets', '0.2.0', 10, {
      ...as,
      force: true,
      reason: 'entry served by the CDN',
    });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollout',
      detail: expect.stringMatching(/^10% of browsers; forced past: .*remoteEntry\.js is missing/),
    });
  });

  it('a rollout against an older revision is refused and changes nothing', async () => {
    const store = await rollingOut();
    const { revision } = await store.read();
    await store.rollout('wallets', '0.2.0', 10, { ...as, ifRevision: revision });
    await expect(
      store.rollout('wallets', '0.3.0', 20, { ...as, ifRevision: revision }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      store.cancelRollout('wallets', { ...as, ifRevision: revision }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await store.read()).remotes.wallets!.rollout).toEqual({
      version: '0.2.0',
      percent: 10,
    });
  });

  it('keeps rollouts in the last good snapshot: served while the database is unreadable and restored by repair', async () => {
    const store = await rollingOut();
    await store.rollout('wallets', '0.2.0', 25, as);
    await store.close();
    corruptDatabase(deploy, 'not a database');
    const fresh = open();
    expect(await fresh.rollouts()).toEqual({ wallets: { version: '0.2.0', percent: 25 } });
    await fresh.repair(as);
    expect((await fresh.read()).remotes.wallets!.rollout).toEqual({
      version: '0.2.0',
      percent: 25,
    });
  });

  it('treats an invalid rollout in the live state as unreadable', async () => {
    const store = await rollingOut();
    const Database = (await import('libsql')).default;
    const db = new Database(path.join(deploy, 'registry.db'));
    db.exec(
      `UPDATE registry_revision SET state = '{"wallets":{"active":"0.1.0","trail":[],"rollout":{"version":"0.2.0","percent":100}}}'`,
    );
    db.close();
    await expect(store.read()).rejects.toMatchObject({ statusCode: 503 });
    expect(await store.rollouts()).toEqual({});
  });
});

describe('override records and their key', () => {
  it('records an issued override with its expiry after the same checks as activate', async () => {
    const store = open();
    await store.publish(repo, 'wallets', as);
    const until = new Date('2030-01-01T10:00:00Z');
    await expect(store.recordOverride('wallets', '9.9.9', until, as)).rejects.toThrow(
      /not published/,
    );
    expect(
      await store.recordOverride('wallets', '0.1.0', until, { operator: 'ada', reason: 'QA' }),
    ).toMatchObject({ changed: true });
    expect((await store.history())[0]).toMatchObject({
      action: 'override-issued',
      operator: 'ada',
      remote: 'wallets',
      to: '0.1.0',
      reason: 'QA',
      detail: 'valid until 2030-01-01T10:00:00.000Z',
    });
  });

  it('adds the detail column to a registry made before it existed', async () => {
    mkdirSync(deploy, { recursive: true });
    const Database = (await import('libsql')).default;
    const db = new Database(path.join(deploy, 'registry.db'));
    db.exec(`CREATE TABLE registry_history (
      revision INTEGER PRIMARY KEY, at TEXT NOT NULL, operator TEXT NOT NULL, action TEXT NOT NULL,
      remote TEXT NOT NULL, from_version TEXT, to_version TEXT, reason TEXT);
      INSERT INTO registry_history VALUES (1, '2026-01-01T00:00:00.000Z', 'old', 'repair', '*', NULL, NULL, NULL);
      CREATE TABLE registry_revision (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, state TEXT NOT NULL);
      INSERT INTO registry_revision VALUES (1, 1, '{}');`);
    db.close();
    const store = open();
    await store.publish(repo, 'wallets', { ...as, activate: true });
    const history = await store.history();
    expect(history.at(-1)).toMatchObject({ operator: 'old', detail: null });
    expect(history[0]).toMatchObject({ action: 'activate', to: '0.1.0' });
  });

  it('keeps one override key for every process of the registry', async () => {
    const key = await open().overrideSecret();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await open().overrideSecret()).toBe(key);
  });
});
