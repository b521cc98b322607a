/**
 * A moment as a receipt dates it, in Lagos time whatever the phone's zone: '27 Nov 2026, 14:05'.
 * Every receipt on screen, shared or in a PDF, the history, alerts and complaints read the same,
 * so a customer abroad sees a transaction at the same time everywhere. A text that is not a date
 * is shown as it came.
 */
export function formatDateTime(date: Date | string): string {
  const moment = new Date(date);
  if (Number.isNaN(moment.getTime())) return String(date);
  return moment.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
