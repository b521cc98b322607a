import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { encryptedCall } from '../../test-support/auth-test-kit.js';
import { encryptText } from '../../security/envelope-cipher.js';
import {
  darken,
  decodePng,
  encodeJpeg,
  encodePng,
  faceFarAway,
  pngDeclaring,
  pngWithSecondHeader,
  portraitPng,
  solid,
  twoPeople,
} from './test-images.js';
import { FACE_MESSAGES } from './messages.js';
import { FACE_CHECKS_PER_WINDOW } from './routes.js';

// One app (so one detector worker and one model load) for the whole file.
let t: TestApp;
let auth: Record<string, string>;
const portrait = decodePng(portraitPng());

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.app.db
    .insertInto('users')
    .values({ phone_number: '2348031110001', referral_code: 'FACE0001' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await t.app.tokens.issue(user.id);
  auth = { authorization: `Bearer ${token}` };
});
afterAll(() => t.close());

let phones = 2348031120000;
/** Another customer with a bearer token (each customer has their own rate and one check at a time). */
async function customer(): Promise<Record<string, string>> {
  phones += 1;
  const user = await t.app.db
    .insertInto('users')
    .values({ phone_number: String(phones), referral_code: `G${String(phones).slice(-7)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { authorization: `Bearer ${(await t.app.tokens.issue(user.id)).token}` };
}

const detectFace = (image: string, headers = auth) =>
  encryptedCall(t, 'POST', '/api/services/detect-face', { image }, headers);
const base64 = (bytes: Buffer) => bytes.toString('base64');

describe('POST /api/services/detect-face', () => {
  it('finds the one face in the real portrait (PNG), timing one detection', async () => {
    await detectFace(base64(portraitPng())); // first call loads the model
    const started = performance.now();
    const answer = await detectFace(base64(portraitPng()));
    const ms = Math.round(performance.now() - started);
    expect(answer).toEqual({ status: 200, body: { message: 'Face detected', faces: 1 } });
    console.info(`face check of the 512x512 portrait (model loaded): ${ms} ms`);
  });

  it('accepts a JPEG re-encoding sent as a data: URL', async () => {
    const dataUrl = `data:image/jpeg;base64,${base64(encodeJpeg(portrait, 85))}`;
    expect(await detectFace(dataUrl)).toEqual({
      status: 200,
      body: { message: 'Face detected', faces: 1 },
    });
  });

  it('says no face was found in a blank grey picture', async () => {
    const answer = await detectFace(base64(encodePng(solid(480, 640, 128))));
    expect(answer).toEqual({ status: 422, body: { message: FACE_MESSAGES.noFace } });
  });

  it('says the picture is too dark for a darkened portrait', async () => {
    const answer = await detectFace(base64(encodePng(darken(portrait, 0.12))));
    expect(answer).toEqual({ status: 422, body: { message: FACE_MESSAGES.tooDark } });
  });

  it('says the face is too small when the portrait is shrunk into a big canvas', async () => {
    const answer = await detectFace(base64(encodePng(faceFarAway(portrait, 1200, 0.6))));
    expect(answer).toEqual({ status: 422, body: { message: FACE_MESSAGES.tooSmall } });
  });

  it('refuses two people side by side', async () => {
    const answer = await detectFace(base64(encodePng(twoPeople(portrait))));
    expect(answer).toEqual({ status: 422, body: { message: FACE_MESSAGES.severalFaces } });
  });

  it('answers 400 for text that is not base64 and for bytes that are not a JPEG or PNG', async () => {
    expect((await detectFace('not base64 at all!')).status).toBe(400);
    const truncatedPng = portraitPng().subarray(0, 200);
    expect(await detectFace(base64(truncatedPng))).toEqual({
      status: 400,
      body: { message: FACE_MESSAGES.undecodable },
    });
    expect((await detectFace(base64(Buffer.from('GIF89a-not-supported')))).status).toBe(400);
  });

  it('answers 413 for a picture above 5 MB, in the envelope', async () => {
    const big = Buffer.concat([portraitPng(), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await detectFace(base64(big))).toEqual({
      status: 413,
      body: { message: FACE_MESSAGES.tooLarge },
    });
  });

  it('refuses a decompression bomb by the size it declares, before decoding it', async () => {
    // 16000 × 16000 declared in a few bytes: decoding it would take gigabytes. Without the header
    // check the decoder would be reached and answer 'could not be read' instead.
    for (const [width, height] of [
      [16000, 16000],
      [5001, 5000],
      [2001, 2000],
      [4097, 100],
    ] as const) {
      expect(await detectFace(base64(pngDeclaring(width, height)))).toEqual({
        status: 413,
        body: { message: FACE_MESSAGES.tooManyPixels },
      });
    }
    expect(await detectFace(base64(pngDeclaring(0, 10)))).toEqual({
      status: 400,
      body: { message: FACE_MESSAGES.undecodable },
    });
    // 36 MP behind a first header of 64 × 64: decoded, it would be a grey picture ('no face').
    const hidden = pngWithSecondHeader({ width: 64, height: 64 }, { width: 6000, height: 6000 });
    expect(await detectFace(base64(hidden))).toEqual({
      status: 400,
      body: { message: FACE_MESSAGES.undecodable },
    });
  });

  it(`allows ${FACE_CHECKS_PER_WINDOW} face checks per customer per 15 minutes, each customer on their own`, async () => {
    const customer = async (phone: string) => {
      const user = await t.app.db
        .insertInto('users')
        .values({ phone_number: phone, referral_code: `F${phone.slice(-7)}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { authorization: `Bearer ${(await t.app.tokens.issue(user.id)).token}` };
    };
    const busy = await customer('2348031110002');
    const other = await customer('2348031110003');
    for (let i = 0; i < FACE_CHECKS_PER_WINDOW; i++) {
      expect((await detectFace('not base64!', busy)).status).toBe(400);
    }
    const refused = await detectFace('not base64!', busy);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect((await detectFace('not base64!', other)).status).toBe(400);
  });

  it('needs a bearer token', async () => {
    const answer = await detectFace(base64(portraitPng()), {});
    expect(answer.status).toBe(401);
  });

  it('refuses a body that is not an envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services/detect-face',
      headers: auth,
      payload: { image: base64(portraitPng()) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('encrypted');
  });

  it('keeps answering other requests while pictures are checked one after another', async () => {
    const payload = {
      encrypted: encryptText(
        JSON.stringify({ image: base64(portraitPng()) }),
        t.config.encryptionSecret,
      ),
    };
    const order: string[] = [];
    const people = [await customer(), await customer(), await customer()];
    const checks = [1, 2, 3].map((n) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/services/detect-face',
          headers: people[n - 1],
          payload,
        })
        .then((res) => order.push(`face ${n}: ${res.statusCode}`)),
    );
    await t.app
      .inject({ method: 'GET', url: '/api/health' })
      .then((res) => order.push(`health: ${res.statusCode}`));
    await Promise.all(checks);
    expect(order[0]).toBe('health: 200');
    expect(order.slice(1).sort()).toEqual(['face 1: 200', 'face 2: 200', 'face 3: 200']);
  });

  it('checks one picture at a time per customer: a second one meanwhile is 429', async () => {
    const ada = await customer();
    const answers = await Promise.all([
      detectFace(base64(portraitPng()), ada),
      detectFace(base64(portraitPng()), ada),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      message: FACE_MESSAGES.alreadyChecking,
    });
    // Once answered, the next one is checked.
    expect((await detectFace(base64(portraitPng()), ada)).status).toBe(200);
  });

  it("does not hold a genuine check behind other customers' big pictures", async () => {
    // Three customers each send a 2000 × 2000 JPEG of noise (4 MP, the most accepted; seconds to
    // decode), then a fourth the camera-sized portrait. The limit: the portrait is answered within
    // 5 s and before the big ones are all done (one queue made it wait for all three).
    const noise = solid(2000, 2000, 0);
    for (let i = 0; i < noise.data.length; i++) noise.data[i] = (i * 2654435761) >>> 24;
    const big = base64(encodeJpeg(noise, 70)); // 4 MB, under the 5 MB limit
    const [warm, ...senders] = await Promise.all([1, 2, 3, 4, 5].map(() => customer()));
    await detectFace(big, warm); // loads the model in the large pictures' worker
    const started = performance.now();
    const bigDone: number[] = [];
    const bigs = senders.slice(0, 3).map((who) =>
      detectFace(big, who).then((answer) => {
        bigDone.push(performance.now() - started);
        return answer;
      }),
    );
    const genuine = await detectFace(base64(portraitPng()), senders[3]);
    const genuineMs = performance.now() - started;
    const bigAnswers = await Promise.all(bigs);
    expect(genuine.status).toBe(200);
    for (const a of bigAnswers) expect(a.status).toBe(422);
    console.info(
      `genuine check ${Math.round(genuineMs)} ms beside three 4 MP pictures done at ${bigDone.map(Math.round).join(', ')} ms`,
    );
    expect(genuineMs).toBeLessThan(5_000);
    expect(genuineMs).toBeLessThan(Math.max(...bigDone));
  });
});
