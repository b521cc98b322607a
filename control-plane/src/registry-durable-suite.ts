// Never acknowledge what is not durable (revisions.ts readBack and confirm), on either database:
// a change is refused while the registry does not read back whole, and a change that cannot be
// read back once made is not acknowledged. Run by registry-durable.test.ts (SQLite) and
// registry-durable.pg.test.ts (PostgreSQL).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RegistryStore } from './registry/index.js';
import { writeBuild } from './registry-test-support.js';

export function durabilitySuite(o: { open: () => RegistryStore; tmp: () => string }) {
  async function setUp() {
    const store = o.open();
    for (const version of ['0.1.0', '0.2.0', '0.3.0']) {
      const build = path.join(o.tmp(), 'builds', version);
      writeBuild(build, { name: 'wallets', version });
      await store.publishFolder('wallets', build, version, { operator: 'setup' });
    }
    await store.activate('wallets', '0.1.0', { operator: 'setup' });
    return store;
  }
  const snapshotOf = (store: RegistryStore) => JSON.parse(readFileSync(store.snapshotPath, 'utf8'));

  it('refuses a change (503, nothing changes) while the history cannot be read back', async () => {
    const store = await setUp();
    const before = await store.read();
    const history = jest
      .spyOn(store.database, 'history')
      .mockRejectedValue(new Error('database disk image is malformed'));
    await expect(store.activate('wallets', '0.2.0', { operator: 'ada' })).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/^The registry cannot be read \(database disk image is malformed\)/),
    });
    history.mockRestore();
    expect(await store.read()).toEqual(before);
    expect(snapshotOf(store).revision).toBe(before.revision);
  });

  it('does not acknowledge a change it cannot read back once made (503), and says so', async () => {
    const store = await setUp();
    const before = await store.read();
    const { database } = store;
    const commit = database.commit.bind(database);
    // The commit goes through; what it wrote then cannot be read (a disk going bad under it).
    const spy = jest.spyOn(database, 'commit').mockImplementation(async (change) => {
      const done = await commit(change);
      jest.spyOn(database, 'history').mockRejectedValue(new Error('database disk image is malformed'));
      return done;
    });
    const attempt = store.activate('wallets', '0.2.0', { operator: 'ada' });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(
        new RegExp(`^The change was sent to the registry as revision ${before.revision + 1} but could not be read back .*not confirmed and may be lost`),
      ),
    });
    // The snapshot repair restores from was not moved on by a change nobody confirmed...
    expect(snapshotOf(store).revision).toBe(before.revision);
    // ...and while it cannot be read back, nothing else changes.
    await expect(store.activate('wallets', '0.3.0', { operator: 'bola' })).rejects.toMatchObject({
      statusCode: 503,
    });
    jest.restoreAllMocks();
    spy.mockRestore();
    // Readable again: the next change is made, read back and in the snapshot.
    const next = await store.activate('wallets', '0.3.0', { operator: 'bola' });
    expect(snapshotOf(store).revision).toBe(next.revision);
    expect(snapshotOf(store).history.map((h: { revision: number }) => h.revision)).toContain(next.revision);
  });
}
