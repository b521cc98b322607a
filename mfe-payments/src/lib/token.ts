/**
 * docs/domain.md "Bill aggregator": a 20-digit STS token is shown in groups of four:
 * 0000-0000-0000-0000-0000.
 */
export function formatToken(token: string): string {
  return token.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1-');
}
