// GET /bvn/start?channel=web → 200 { redirectUrl } (the provider's consent page);
// 409 when the identity is already verified.
import { VERIFICATION_CHANNEL } from '@ajo/shared/constants';
import { bvnStartResponseSchema, type BvnStartResponse } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export async function startBvnVerification(): Promise<BvnStartResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/bvn/start', { params: { channel: VERIFICATION_CHANNEL } });
  return parseResponse(bvnStartResponseSchema, response.data);
}
