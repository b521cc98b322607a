// GET /alerts and POST /alerts/read (middleware README "Alerts"). The answers are parsed with
// schemas of the middleware's shape kept here: @ajo/shared/schemas is in the signed-out pages' first
// load, which has no room left (docs/decisions/033-alerts-derived-from-the-ledger.md).
import { z } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(['credit', 'debit', 'notice']),
  title: z.string(),
  body: z.string(),
  amount: z.nullable(z.number()),
  balance_after: z.nullable(z.number()),
  narration: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  created_at: z.string(),
  read: z.boolean(),
});
const alertsPageSchema = z.object({
  alerts: z.array(alertSchema),
  unread: z.number(),
  next_before: z.nullable(z.string()),
});
const unreadSchema = z.object({ unread: z.number() });

export type Alert = z.infer<typeof alertSchema>;
export type AlertsPage = z.infer<typeof alertsPageSchema>;

export const ALERTS_PAGE_SIZE = 20;

/** Newest first; `before` is the last alert of the page already shown. */
export async function fetchAlerts(before?: string, signal?: AbortSignal): Promise<AlertsPage> {
  const { api } = await loadHostApi();
  const response = await api.get('/alerts', {
    params: { limit: ALERTS_PAGE_SIZE, before },
    signal,
  });
  return parseResponse(alertsPageSchema, response.data);
}

/** Marks the given alerts read, or all of them; the unread count after. */
export async function markAlertsRead(which: { ids: string[] } | { all: true }): Promise<number> {
  const { api } = await loadHostApi();
  const response = await api.post('/alerts/read', which);
  return parseResponse(unreadSchema, response.data).unread;
}
