import { bvnStartResponseSchema } from '@ajo/shared/schemas';
import { bvnStartResponse } from './api';

describe("the BVN start answer's hand check", () => {
  it('accepts and refuses exactly what the shared schema does', () => {
    const answers: unknown[] = [
      { redirectUrl: '/api/sandbox/identity/bvn-consent/s-1' },
      { redirectUrl: 'https://consent.example/s-1', extra: true },
      { redirectUrl: '' },
      { redirectUrl: 42 },
      { redirect_url: '/x' },
      {},
      null,
      undefined,
      'redirectUrl',
    ];
    for (const answer of answers) {
      const expected = bvnStartResponseSchema.safeParse(answer);
      const actual = bvnStartResponse.safeParse(answer);
      expect({ answer, success: actual.success }).toEqual({ answer, success: expected.success });
      if (actual.success && expected.success) expect(actual.data).toEqual(expected.data);
    }
  });
});
