// GET /nin/start?channel=web&nin= → 200 { nin, tid, first_name, last_name,
// date_of_birth } (masked); 400 malformed, 404 not found, 422 mismatch, each with { message }.
import { VERIFICATION_CHANNEL } from '@ajo/shared/constants';
import { ninStartResponseSchema, type NinStartResponse } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export async function startNinVerification(nin: string): Promise<NinStartResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/nin/start', {
    params: { channel: VERIFICATION_CHANNEL, nin },
  });
  return parseResponse(ninStartResponseSchema, response.data);
}
