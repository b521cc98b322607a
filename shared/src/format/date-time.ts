/**
 * A moment as a receipt dates it, in Lagos time whatever the phone's zone: '27 Nov 2026, 14:05'.
 * Every receipt on screen, shared or in a PDF reads the same.
 */
export function formatDateTime(date: Date | string): string {
  return new Date(date).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
