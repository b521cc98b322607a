import {
  documentTypesResponseSchema,
  identityDocumentCreatedResponseSchema,
  identityDocumentsResponseSchema,
  transferLimitsResponseSchema,
} from '@ajo/shared/schemas';
import { tierOf } from '../../money/limits.js';
import { expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomer, type Customer } from '../funding/funding-test-kit.js';
import { createUser } from '../identity/identity-test-kit.js';
import {
  DOCUMENT_NUMBER_MISMATCH,
  UNREADABLE_DOCUMENT,
} from '../../providers/document-review/sandbox.js';
import { IdentityDocuments } from './documents.js';
import {
  addDocument,
  JPEG_BYTES,
  listDocuments,
  residenceKey,
  uploadDocument,
  uploadFile,
} from './settings-test-kit.js';

describe('identity documents and the KYC tier they earn', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => t.close());

  const limits = async (c: Customer) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/limits?wallet_account_number=${c.main}`,
      headers: c.auth,
    });
    expectParses(transferLimitsResponseSchema, res.json());
    return res.json() as { tier: number; dailyLimit: number; maxBalance: number | null };
  };

  it('lists the document types, proof of residence (32) among them', async () => {
    const ada = await createUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/identity-documents',
      headers: ada.auth,
    });
    expect(res.statusCode).toBe(200);
    expectParses(documentTypesResponseSchema, res.json());
    const types = (res.json() as { documents: { id: number; name: string }[] }).documents;
    expect(types).toContainEqual({ id: 32, name: 'Proof of Residence' });
    expect(types.length).toBeGreaterThan(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/identity-documents' })).statusCode).toBe(
      401,
    );
  });

  it('moves a verified customer to tier 3 once both documents pass the review, and the limits follow', async () => {
    const ada = await createCustomer(t);
    expect(await limits(ada)).toMatchObject({ tier: 2, dailyLimit: 200_000, maxBalance: 500_000 });

    const residence = await uploadDocument(t, ada, 32);
    expect(residence.status).toBe(201);
    expectParses(identityDocumentCreatedResponseSchema, residence.body);
    expect(residence.body).toMatchObject({
      message: 'Document Upload Successful',
      document: { description: 'Proof of Residence', status: 'pending', document_type_id: 32 },
    });
    await t.app.jobs.runDue();
    // One approved document is not enough.
    expect((await limits(ada)).tier).toBe(2);

    const passport = await uploadDocument(t, ada, 1, { key: 'A12345678' });
    expect(passport.status).toBe(201);
    await t.app.jobs.runDue();

    const listed = await listDocuments(t, ada);
    expect(listed.status).toBe(200);
    expectParses(identityDocumentsResponseSchema, listed.body);
    const docs = listed.body.documents as {
      description: string;
      documentKey: string;
      status: string;
    }[];
    expect(docs.map((d) => [d.description, d.status])).toEqual([
      ['Proof of Residence', 'approved'],
      ['International Passport', 'approved'],
    ]);
    expect(docs[1]?.documentKey).toBe('A12345678');
    expect(await limits(ada)).toMatchObject({ tier: 3, dailyLimit: 5_000_000, maxBalance: null });
    expect(await tierOf(t.database.db, ada.id)).toBe(3);
  });

  it('keeps an unverified customer at their tier even with both documents approved', async () => {
    const bola = await createUser(t);
    expect((await uploadDocument(t, bola, 32)).status).toBe(201);
    expect((await uploadDocument(t, bola, 3)).status).toBe(201);
    await t.app.jobs.runDue();
    const docs = (await listDocuments(t, bola)).body.documents as { status: string }[];
    expect(docs.map((d) => d.status)).toEqual(['approved', 'approved']);
    expect(await tierOf(t.database.db, bola.id)).toBe(2);
  });

  it('shows a rejected document with the reason, keeps the tier, and takes a new upload of that type', async () => {
    const chi = await createCustomer(t);
    await uploadDocument(t, chi, 32, { name: 'unreadable-bill.pdf' });
    await uploadDocument(t, chi, 2, { key: '000123456' });
    await t.app.jobs.runDue();
    const docs = (await listDocuments(t, chi)).body.documents as {
      status: string;
      review_note: string | null;
    }[];
    expect(docs.map((d) => [d.status, d.review_note])).toEqual([
      ['rejected', UNREADABLE_DOCUMENT],
      ['rejected', DOCUMENT_NUMBER_MISMATCH],
    ]);
    expect(await tierOf(t.database.db, chi.id)).toBe(2);

    expect((await uploadDocument(t, chi, 32, { name: 'clear-bill.pdf' })).status).toBe(201);
    expect((await uploadDocument(t, chi, 2, { key: 'DL1234567' })).status).toBe(201);
    await t.app.jobs.runDue();
    expect(await tierOf(t.database.db, chi.id)).toBe(3);
  });

  it('raises the tier when both reviews run at the same moment', async () => {
    const reviews = new IdentityDocuments({
      db: t.database.db,
      clock: t.app.clock,
      jobs: t.app.jobs,
      reviewer: t.app.providers.documentReview,
    });
    for (let round = 0; round < 3; round++) {
      const customer = await createCustomer(t);
      const a = (await uploadDocument(t, customer, 32)).body.document as { id: string };
      const b = (await uploadDocument(t, customer, 4)).body.document as { id: string };
      const now = new Date();
      await Promise.all([reviews.review(a.id, now), reviews.review(b.id, now)]);
      expect(await tierOf(t.database.db, customer.id)).toBe(3);
    }
  });

  it("answers 'Error adding client identifier document' for a second document of a type, or another customer's number", async () => {
    const [dayo, emeka] = [await createCustomer(t), await createCustomer(t)];
    expect((await uploadDocument(t, dayo, 1, { key: 'B7654321' })).status).toBe(201);
    const again = await uploadDocument(t, dayo, 1, { key: 'B7654322' });
    expect(again).toEqual({
      status: 409,
      body: { message: 'Error adding client identifier document' },
    });
    const stolen = await uploadDocument(t, emeka, 1, { key: 'B7654321' });
    expect(stolen).toEqual({
      status: 409,
      body: { message: 'Error adding client identifier document' },
    });
    expect((await listDocuments(t, emeka)).body.documents).toEqual([]);
  });

  it('files one document when the same upload arrives many times at once', async () => {
    const femi = await createCustomer(t);
    const url = await uploadFile(t, femi, 'bill.pdf');
    const body = {
      document_url: url,
      document_name: 'bill.pdf',
      document_id: 32,
      document_key: residenceKey(),
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => addDocument(t, femi, body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect((await listDocuments(t, femi)).body.documents).toHaveLength(1);
  });

  it("refuses a file that is not an image or PDF, a file that was never uploaded, and a stranger's file", async () => {
    const [gbenga, hauwa] = [await createCustomer(t), await createCustomer(t)];
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/storage/upload?path=images/bill.pdf',
      headers: { ...gbenga.auth, 'content-type': 'application/pdf' },
      payload: Buffer.from('<html>not a pdf</html>'),
    });
    expect(fake.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/storage/upload?path=images/big.jpg',
      headers: { ...gbenga.auth, 'content-type': 'image/jpeg' },
      payload: Buffer.concat([JPEG_BYTES, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(huge.statusCode).toBe(413);

    const never = await addDocument(t, gbenga, {
      document_url: '/api/sandbox/files/users/x/images/nothing.pdf',
      document_name: 'nothing.pdf',
      document_id: 32,
      document_key: residenceKey(),
    });
    expect(never.status).toBe(422);
    const hauwasFile = await uploadFile(t, hauwa, 'hauwa.jpg', JPEG_BYTES, 'image/jpeg');
    const borrowed = await addDocument(t, gbenga, {
      document_url: hauwasFile,
      document_name: 'hauwa.jpg',
      document_id: 32,
      document_key: residenceKey(),
    });
    expect(borrowed.status).toBe(422);
    expect((await listDocuments(t, gbenga)).body.documents).toEqual([]);
  });

  it('refuses bad fields with a message and changes nothing', async () => {
    const ify = await createCustomer(t);
    const url = await uploadFile(t, ify, 'id.pdf');
    const base = {
      document_url: url,
      document_name: 'id.pdf',
      document_id: 1,
      document_key: 'A1234567',
    };
    const cases: [Record<string, unknown>, number][] = [
      [{ document_id: 99 }, 400],
      [{ document_key: 'a b' }, 400],
      [{ document_key: '' }, 400],
      [{ document_url: '' }, 400],
      [{ extra: 'field' }, 400],
    ];
    for (const [change, status] of cases) {
      const res = await addDocument(t, ify, { ...base, ...change });
      expect(res.status).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await listDocuments(t, ify)).body.documents).toEqual([]);
  });

  it("answers 403 for another customer's id and 401 without a token", async () => {
    const [jide, kemi] = [await createCustomer(t), await createCustomer(t)];
    expect((await listDocuments(t, jide, kemi.id)).status).toBe(403);
    const url = await uploadFile(t, jide, 'x.pdf');
    const forKemi = await addDocument(t, jide, {
      user_id: kemi.id,
      document_url: url,
      document_name: 'x.pdf',
      document_id: 32,
      document_key: residenceKey(),
    });
    expect(forKemi.status).toBe(403);
    expect((await listDocuments(t, kemi)).body.documents).toEqual([]);
  });
});
