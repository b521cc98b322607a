// GET /bvn/start?channel=web → 200 { redirectUrl } (the provider's consent page);
// 409 when the identity is already verified.
import { VERIFICATION_CHANNEL } from '@ajo/shared/constants';
import type { BvnStartResponse } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

/**
 * The answer's one field, checked by hand as `bvnStartResponseSchema` does: this page only sends
 * the browser on, and the zod schemas would add zod and the shared schemas (about 15 KB gzip) to
 * its first load (docs/decisions/017-compressed-and-budgeted-first-pages.md).
 */
export const bvnStartResponse = {
  safeParse(data: unknown): { success: true; data: BvnStartResponse } | { success: false } {
    const redirectUrl = (data as { redirectUrl?: unknown } | null)?.redirectUrl;
    return typeof redirectUrl === 'string' && redirectUrl.length > 0
      ? { success: true, data: { redirectUrl } }
      : { success: false };
  },
};

export async function startBvnVerification(): Promise<BvnStartResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/bvn/start', { params: { channel: VERIFICATION_CHANNEL } });
  return parseResponse(bvnStartResponse, response.data);
}
