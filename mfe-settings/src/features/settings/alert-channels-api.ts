// GET and PUT /users/{id}/alert-channels (middleware README "Alerts"). The schema lives with the
// one tab that uses it, not in the shared schemas every form page loads
// (docs/decisions/033-alerts-derived-from-the-ledger.md).
import { z } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export const alertChannelsSchema = z.object({
  sms: z.boolean(),
  email: z.boolean(),
  has_email: z.boolean(),
});
export type AlertChannels = z.infer<typeof alertChannelsSchema>;

const path = (id: string | number) => `/users/${encodeURIComponent(String(id))}/alert-channels`;

export async function fetchAlertChannels(userId: string | number): Promise<AlertChannels> {
  const { api } = await loadHostApi();
  const response = await api.get(path(userId));
  return parseResponse(alertChannelsSchema, response.data);
}

export async function saveAlertChannels(
  userId: string | number,
  choice: { sms: boolean; email: boolean },
): Promise<AlertChannels> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.put(path(userId), choice);
  return parseResponse(alertChannelsSchema, response.data);
}
