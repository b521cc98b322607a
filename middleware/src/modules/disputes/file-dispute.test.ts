import { randomUUID } from 'node:crypto';
import { FakeClock, plainGet } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { fundedCustomer, type Customer } from '../funding/funding-test-kit.js';
import {
  disputeRows,
  eventRows,
  fileDispute,
  myReports,
  newestReference,
  phoneOf,
  report,
} from './disputes-test-kit.js';
import { DISPUTE_BACK_OFFICE, DISPUTE_NOTICE } from './dispute-service.js';
import { TRACKING_NUMBER_PATTERN } from './rules.js';

let t: TestApp;
const clock = new FakeClock(Date.UTC(2026, 10, 27, 23, 30, 0));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const HOUR = 3600 * 1000;

async function customerWithLine(): Promise<{ ada: Customer; reference: string }> {
  const ada = await fundedCustomer(t, 5_000);
  return { ada, reference: await newestReference(t, ada) };
}

describe('POST /api/transactions/{reference}/disputes', () => {
  it('answers at once with a tracking number and the date by which the customer hears back', async () => {
    const { ada, reference } = await customerWithLine();
    const res = await fileDispute(t, ada, reference);
    expect(res.status).toBe(201);
    // 23:30 UTC is already the 28th in Lagos: the number carries the Lagos date.
    expect(res.body.tracking_number).toMatch(/^AJO-CMP-261128-/);
    expect(res.body.tracking_number).toMatch(TRACKING_NUMBER_PATTERN);
    // A failed electronic transaction: 72 hours (docs/decisions/034).
    expect(res.body.respond_by).toBe(new Date(clock.now().getTime() + 72 * HOUR).toISOString());
    expect(res.body.dispute).toMatchObject({
      reference,
      status: 'received',
      outcome: null,
      category_label: 'Money left but did not arrive',
      timeline: [{ status: 'received', note: 'Received.' }],
    });

    const reports = await myReports(t, ada);
    expect(reports.map((r) => r.tracking_number)).toEqual([res.body.tracking_number]);
    expect((await report(t, ada, res.body.tracking_number)).body.dispute).toEqual(res.body.dispute);

    // The customer is told (the notice job, queued with the complaint, raises an alert whose
    // delivery job sends it); the back office waits.
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const { body: outbox } = await plainGet(
      t,
      `/api/sandbox/outbox?recipient=${await phoneOf(t, ada)}`,
    );
    const texts = (outbox.messages as { body: string }[]).map((m) => m.body);
    expect(texts.filter((text) => text.includes(res.body.tracking_number))).toHaveLength(1);
    const alerts = await t.app.db
      .selectFrom('alerts')
      .select(['title', 'reference'])
      .where('user_id', '=', ada.id)
      .where('kind', '=', 'notice')
      .execute();
    expect(alerts).toEqual([{ title: 'Report received', reference: res.body.tracking_number }]);
    const office = await t.app.jobs.list({ kind: DISPUTE_BACK_OFFICE });
    expect(office.filter((j) => j.dedupe_key === res.body.tracking_number)).toHaveLength(1);
  });

  it('promises 24 hours for "not authorised by me" and two weeks for "other"', async () => {
    const { ada, reference } = await customerWithLine();
    const urgent = await fileDispute(t, ada, reference, {
      category: 'not_authorised',
      description: 'I did not make this.',
    });
    expect(urgent.body.respond_by).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());
    const other = await customerWithLine();
    const slow = await fileDispute(t, other.ada, other.reference, {
      category: 'other',
      description: 'Something else.',
    });
    expect(slow.body.respond_by).toBe(
      new Date(clock.now().getTime() + 14 * 24 * HOUR).toISOString(),
    );
  });

  it('32 identical reports at once leave one complaint, one timeline line and one back-office job', async () => {
    const { ada, reference } = await customerWithLine();
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => fileDispute(t, ada, reference)),
    );
    const numbers = new Set(answers.map((a) => a.body.tracking_number));
    expect(numbers.size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(31);
    const [trackingNumber] = [...numbers] as string[];
    expect(await disputeRows(t, ada.id)).toHaveLength(1);
    expect(await eventRows(t, trackingNumber!)).toHaveLength(1);
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('kind')
      .where('dedupe_key', 'like', `${trackingNumber}%`)
      .execute();
    expect(jobs.map((j) => j.kind).sort()).toEqual([DISPUTE_BACK_OFFICE, DISPUTE_NOTICE]);
  });

  it("answers 404 for another customer's reference or report, and stores nothing", async () => {
    const { ada, reference } = await customerWithLine();
    const bola = await fundedCustomer(t, 1_000);
    expect(await fileDispute(t, bola, reference)).toEqual({
      status: 404,
      body: { message: 'Transaction not found.' },
    });
    expect((await fileDispute(t, bola, `money-${randomUUID()}`)).status).toBe(404);
    expect(await disputeRows(t, bola.id)).toHaveLength(0);

    const mine = await fileDispute(t, ada, reference);
    expect(await report(t, bola, mine.body.tracking_number)).toEqual({
      status: 404,
      body: { message: 'We could not find a report with this tracking number.' },
    });
    expect(await myReports(t, bola)).toEqual([]);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/disputes' });
    expect(noToken.statusCode).toBe(401);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { ada, reference } = await customerWithLine();
    const bad: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ category: 'lost', description: 'x' }, /^Please choose what went wrong/],
      [{ description: 'no category' }, /^Please choose what went wrong/],
      [
        { category: 'other', description: '   ' },
        'Please tell us what happened (up to 500 characters).',
      ],
      [
        { category: 'other', description: 'x'.repeat(501) },
        'Please tell us what happened (up to 500 characters).',
      ],
      [{ category: 'other', description: 'ok', extra: 1 }, /extra/],
    ];
    for (const [body, message] of bad) {
      const res = await fileDispute(t, ada, reference, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.body.message).toMatch(message);
    }
    // Somebody else's file (or any URL the customer did not upload) is refused.
    const notMine = await fileDispute(t, ada, reference, {
      category: 'other',
      description: 'See the picture',
      attachment_url: '/api/sandbox/files/users/someone/images/x.png',
    });
    expect(notMine).toEqual({
      status: 422,
      body: { message: 'Please upload the attachment again before sending your report.' },
    });
    expect(await fileDispute(t, ada, 'not a reference!')).toEqual({
      status: 400,
      body: { message: 'Transaction not found.' },
    });
    expect((await report(t, ada, 'AJO-CMP-1')).body).toEqual({
      message: 'We could not find a report with this tracking number.',
    });
    expect(await disputeRows(t, ada.id)).toHaveLength(0);
  });

  it('keeps an attachment the customer uploaded (JPEG, PNG or PDF, at most 5 MB)', async () => {
    const { ada, reference } = await customerWithLine();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/storage/upload?path=images/receipt.png',
      headers: { ...ada.auth, 'content-type': 'image/png' },
      payload: png,
    });
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json() as { url: string };
    const res = await fileDispute(t, ada, reference, {
      category: 'wrong_amount',
      description: 'I was charged twice, see the receipt.',
      attachment_url: url,
    });
    expect(res.status).toBe(201);
    expect(res.body.dispute.attachment_url).toBe(url);
    // My reports opens it through a short-lived link (uploads are private).
    const link = res.body.dispute.attachment_link as string;
    expect(link).not.toBe(url);
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect([opened.statusCode, opened.rawPayload.equals(png)]).toEqual([200, true]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/disputes', headers: ada.auth });
    const [mine] = (listed.json() as { disputes: { attachment_link: string | null }[] }).disputes;
    expect(mine?.attachment_link).toEqual(expect.any(String));
  });
});
