import { lookUpAttempt } from './attempt-lookup';

const KEY = '6b1c3c5e-0000-4000-8000-000000000001';
const answering = (data: unknown) => jest.fn().mockResolvedValue({ status: 200, data });
const refusing = (error: unknown) => jest.fn().mockRejectedValue(error);

describe('lookUpAttempt: GET /money/attempts/{key} for a lost answer', () => {
  it('asks for the key, and hands a stored success to the screen to read', async () => {
    const get = answering({ state: 'completed', status: 201, answer: { link: '/pay/1' } });
    expect(await lookUpAttempt(get, KEY)).toEqual({ kind: 'answer', data: { link: '/pay/1' } });
    expect(get).toHaveBeenCalledWith(`/money/attempts/${KEY}`);
  });

  it('says running while the call is in progress', async () => {
    expect(await lookUpAttempt(answering({ state: 'in_progress' }), KEY)).toEqual({
      kind: 'running',
    });
  });

  it("says absent only for 404 'This request never arrived.'", async () => {
    const never = { status: 404, message: 'x', serverMessage: 'This request never arrived.' };
    expect(await lookUpAttempt(refusing(never), KEY)).toEqual({ kind: 'absent' });
    // A 404 from something else (a proxy, an older server) proves nothing: still unknown.
    const other = { status: 404, message: 'Not found', serverMessage: 'Not found' };
    await expect(lookUpAttempt(refusing(other), KEY)).rejects.toBe(other);
  });

  it('rejects with a stored refusal as the call would have (a definite failure)', async () => {
    const get = answering({
      state: 'completed',
      status: 409,
      answer: { message: 'Insufficient funds.' },
    });
    await expect(lookUpAttempt(get, KEY)).rejects.toMatchObject({
      status: 409,
      message: 'Insufficient funds.',
      serverMessage: 'Insufficient funds.',
    });
  });

  it('passes a lost or unreadable answer through as unknown (no status, or the error as it was)', async () => {
    const lost = { status: 0, message: 'Network Error' };
    await expect(lookUpAttempt(refusing(lost), KEY)).rejects.toBe(lost);
    const unreadable = lookUpAttempt(answering({ state: 'weird' }), KEY);
    await expect(unreadable).rejects.toBeInstanceOf(Error);
    await expect(unreadable).rejects.not.toHaveProperty('status');
  });
});
