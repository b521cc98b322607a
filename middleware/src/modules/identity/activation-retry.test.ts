import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ActivationService } from './activation-service.js';
import { IdentityRepository } from './identity-repository.js';
import { bvnTid, createUser } from './identity-test-kit.js';

describe('activation when a wallet number collides', () => {
  let t: TestApp;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  it('runs the whole transaction again and still opens exactly two wallets', async () => {
    // Serials: A gets 1 and 2; B's first try draws 1 again (taken), which aborts its transaction.
    const serials = [1, 2, 1, 3, 4, 5];
    const service = new ActivationService({
      db: t.database.db,
      repository: new IdentityRepository(t.database.db),
      clock,
      photoStatus: async () => 'checked',
      ledgerOptions: { randomInt: () => serials.shift() ?? 999 },
    });
    const a = await createUser(t);
    const b = await createUser(t);
    const photo = '/api/sandbox/files/images/face.jpg';
    await service.activate(a.id, { photo_url: photo, tid: await bvnTid(t, a, '22201010101') });
    await expect(
      service.activate(b.id, { photo_url: photo, tid: await bvnTid(t, b, '22202020202') }),
    ).resolves.toEqual({ message: 'Verification process has been successfully completed.' });

    const accounts = await t.database.db
      .selectFrom('ledger_accounts')
      .select(['owner_user_id', 'account_number'])
      .where('owner_user_id', 'in', [a.id, b.id])
      .execute();
    // Every serial was drawn: the collision happened and the retry ran.
    expect(serials).toHaveLength(0);
    expect(accounts).toHaveLength(4);
    expect(new Set(accounts.map((r) => r.account_number)).size).toBe(4);
    const user = await t.database.db
      .selectFrom('users')
      .select(['is_verified', 'mifos_client_id'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(user.is_verified).toBe(true);
  });
});
