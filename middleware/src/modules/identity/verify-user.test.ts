import { activatedUserSchema, verifyUserResponseSchema } from '@ajo/shared/schemas';
import { FakeClock, encryptedCall, expectParses } from '../../test-support/auth-test-kit.js';
import { encodePng, pngDeclaring, portraitPng, solid } from '../face-check/test-images.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  bvnTid,
  createUser,
  get,
  uploadPhoto,
  verifyUser,
  type TestUser,
} from './identity-test-kit.js';

const DONE = { message: 'Verification process has been successfully completed.' };

describe('POST /api/verify-user (activation)', () => {
  let t: TestApp;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  const walletsOf = (userId: string) =>
    t.database.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('owner_user_id', '=', userId)
      .execute();

  async function readyUser(bvn?: string): Promise<{ user: TestUser; tid: string; photo: string }> {
    const user = await createUser(t);
    const tid = await bvnTid(t, user, bvn);
    const photo = await uploadPhoto(t, user);
    return { user, tid, photo };
  }

  it('activates: verified, identity copied, client id, two wallets, tid consumed', async () => {
    const { user, tid, photo } = await readyUser('22212345678');
    const res = await verifyUser(t, user, { photo_url: photo, tid });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: DONE });
    expectParses(verifyUserResponseSchema, res.json());

    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      is_verified: true,
      first_name: 'Adaeze',
      middle_name: 'Chioma',
      last_name: 'Okafor',
      gender: 'female',
      date_of_birth: '1994-03-14',
      bvn: '22212345678',
      photo_url: photo,
    });
    expect(row.mifos_client_id).toBeGreaterThan(100000);

    const me = await get(t, `/api/users/${user.id}`, user);
    expect(me.statusCode).toBe(200);
    expectParses(activatedUserSchema, me.json());
    const wallets = me.json().wallets;
    expect(wallets).toHaveLength(2);
    expect(wallets[0]).toMatchObject({
      name: 'Ajo Wallet',
      product_id: 1,
      balance: 0,
      account_status: 'active',
    });
    expect(wallets[1]).toMatchObject({ name: 'Commission Wallet', product_id: 4, balance: 0 });
    for (const w of wallets) expect(w.account_no).toMatch(/^\d{10}$/);
    expect(wallets[0].account_no).not.toBe(wallets[1].account_no);
    // The ledger's owner lookup now answers for these wallets (assertOwnsWallet).
    await expect(t.app.walletOwnerLookup(wallets[0].account_no)).resolves.toBe(user.id);

    // The tid is used up: its details are gone, and a second activation is refused.
    expect((await get(t, `/api/bvn/details?tid=${tid}`, user)).statusCode).toBe(404);
    const again = await verifyUser(t, user, { photo_url: photo, tid });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { message: 'Your identity has already been verified.' },
    });
    expect(await walletsOf(user.id)).toHaveLength(2);
  });

  it('gives each activation its own, increasing client id', async () => {
    const a = await readyUser('22211111112');
    const b = await readyUser('22211111113');
    await verifyUser(t, a.user, { photo_url: a.photo, tid: a.tid });
    await verifyUser(t, b.user, { photo_url: b.photo, tid: b.tid });
    const ids = await t.database.db
      .selectFrom('users')
      .select('mifos_client_id')
      .where('id', 'in', [a.user.id, b.user.id])
      .orderBy('mifos_client_id')
      .execute();
    expect(new Set(ids.map((r) => r.mifos_client_id)).size).toBe(2);
  });

  it('activates from a NIN tid, storing the NIN with no pending status', async () => {
    const user = await createUser(t);
    const started = await get(t, '/api/nin/start?channel=web&nin=12345678901', user);
    const photo = await uploadPhoto(t, user);
    const res = await verifyUser(t, user, { photo_url: photo, tid: started.json().tid });
    expect(res.statusCode).toBe(200);
    const me = (await get(t, `/api/users/${user.id}`, user)).json();
    expect(me).toMatchObject({
      is_verified: true,
      nin: '12345678901',
      nin_verification_status: null,
      bvn: null,
      first_name: 'Emeka',
    });
    expect(me.wallets).toHaveLength(2);
  });

  it('opens exactly one set of wallets for two concurrent activations', async () => {
    const { user, tid, photo } = await readyUser('22233333334');
    const answers = await Promise.all([
      verifyUser(t, user, { photo_url: photo, tid }),
      verifyUser(t, user, { photo_url: photo, tid }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await walletsOf(user.id)).toHaveLength(2);
  });

  it('refuses a BVN already linked to another account', async () => {
    const first = await readyUser('22244444445');
    expect(
      (await verifyUser(t, first.user, { photo_url: first.photo, tid: first.tid })).statusCode,
    ).toBe(200);
    const second = await readyUser('22244444445');
    const res = await verifyUser(t, second.user, { photo_url: second.photo, tid: second.tid });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 409,
      body: { message: 'This BVN is already linked to another account.' },
    });
    expect(await walletsOf(second.user.id)).toHaveLength(0);
  });

  it("refuses a photo_url that is not one of this user's uploads", async () => {
    const { user, tid } = await readyUser('22255555556');
    const stranger = await createUser(t);
    const theirs = await uploadPhoto(t, stranger, 'theirs.jpg');
    for (const photo_url of [theirs, 'https://evil.example/me.jpg']) {
      const res = await verifyUser(t, user, { photo_url, tid });
      expect(res.statusCode).toBe(400);
    }
    expect(await walletsOf(user.id)).toHaveLength(0);
  });

  it('answers 400 for bad input', async () => {
    const { user, tid, photo } = await readyUser('22266666667');
    expect((await verifyUser(t, user, { tid })).statusCode).toBe(400);
    expect((await verifyUser(t, user, { photo_url: photo })).statusCode).toBe(400);
    expect(
      (await verifyUser(t, user, { photo_url: photo, tid, is_verified: true })).statusCode,
    ).toBe(400);
    expect((await verifyUser(t, user, { photo_url: 7, tid })).statusCode).toBe(400);
  });

  it("answers 404 for an unknown or expired tid and 403 for another user's", async () => {
    const { user, tid, photo } = await readyUser('22277777778');
    const unknown = await verifyUser(t, user, {
      photo_url: photo,
      tid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const other = await readyUser('22277777779');
    expect((await verifyUser(t, user, { photo_url: photo, tid: other.tid })).statusCode).toBe(403);
    clock.advance(30 * 60 + 1);
    expect((await verifyUser(t, user, { photo_url: photo, tid })).statusCode).toBe(404);
    expect(await walletsOf(user.id)).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/verify-user', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  describe('the face check, enforced (SPEC §5: the photo must pass a server face check)', () => {
    const FAILED = { status: 422, body: { message: 'Verification Failed!' } };
    const detectFace = (user: TestUser, bytes: Buffer) =>
      encryptedCall(
        t,
        'POST',
        '/api/services/detect-face',
        { image: bytes.toString('base64') },
        user.auth,
      );
    const answer = async (user: TestUser, photo_url: string, tid: string) => {
      const res = await verifyUser(t, user, { photo_url, tid });
      return { status: res.statusCode, body: res.json() };
    };
    const expectNotActivated = async (userId: string) => {
      expect(await walletsOf(userId)).toHaveLength(0);
      const row = await t.database.db
        .selectFrom('users')
        .select(['is_verified', 'photo_url'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ is_verified: false, photo_url: null });
    };
    let n = 0;
    const fresh = async () => {
      n += 1;
      const user = await createUser(t);
      const tid = await bvnTid(t, user, `2228800${String(n).padStart(4, '0')}`);
      return { user, tid };
    };

    it('activates with the very picture that passed the check', async () => {
      const { user, tid } = await fresh();
      expect((await detectFace(user, portraitPng())).status).toBe(200);
      const photo = await uploadPhoto(t, user, 'face.png', {
        faceChecked: false,
        bytes: portraitPng(),
      });
      expect(await answer(user, photo, tid)).toEqual({ status: 200, body: DONE });
      // The owner is handed a signed link that opens it; the bare address opens nothing.
      const link = (await get(t, `/api/users/${user.id}`, user)).json().photo_url as string;
      expect(link).toMatch(/\?expires=\d+&signature=/);
      const served = await t.app.inject({ method: 'GET', url: link });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(portraitPng())).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(403);
      // Every page load asks for the user: for a few minutes it is the same link, so the
      // browser's cache answers instead of downloading the photo again.
      clock.advance(1);
      expect((await get(t, `/api/users/${user.id}`, user)).json().photo_url).toBe(link);
      expect(served.headers['cache-control']).toBe('private, max-age=300');
    });

    it('refuses a 36-byte PDF, a blank grey PNG and a 16000 × 16000 picture the check refused', async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer\n\n');
      expect(pdf.length).toBe(36);
      const grey = encodePng(solid(480, 640, 128));
      const bomb = pngDeclaring(16000, 16000);
      for (const [bytes, checked] of [
        [pdf, null],
        [grey, 422],
        [bomb, 413],
      ] as const) {
        const { user, tid } = await fresh();
        if (checked) expect((await detectFace(user, bytes)).status).toBe(checked);
        const photo = await uploadPhoto(t, user, 'face.png', { faceChecked: false, bytes });
        expect(await answer(user, photo, tid)).toEqual(FAILED);
        await expectNotActivated(user.id);
      }
    });

    it("refuses a picture that passed another customer's check, and a passed one replaced after", async () => {
      const stranger = await createUser(t);
      expect((await detectFace(stranger, portraitPng())).status).toBe(200);
      const { user, tid } = await fresh();
      const copied = await uploadPhoto(t, user, 'copy.png', {
        faceChecked: false,
        bytes: portraitPng(),
      });
      expect(await answer(user, copied, tid)).toEqual(FAILED);

      // Checked, uploaded, then the same name uploaded again with other bytes: the stored file counts.
      expect((await detectFace(user, portraitPng())).status).toBe(200);
      const url = await uploadPhoto(t, user, 'swap.png', {
        faceChecked: false,
        bytes: portraitPng(),
      });
      const darker = encodePng(solid(64, 64, 30));
      expect(await uploadPhoto(t, user, 'swap.png', { faceChecked: false, bytes: darker })).toBe(
        url,
      );
      expect(await answer(user, url, tid)).toEqual(FAILED);
      await expectNotActivated(user.id);
    });
  });
});
