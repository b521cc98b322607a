// Paths of this remote other than the landing page (host route table, SPEC §2). Everything else that
// reaches this remote is the fallback home, including /terms-and-conditions (no route).
const ROUTED_PREFIXES = [
  '/faq',
  '/terms-and-conditions/account',
  '/terms-and-conditions/referrals',
  '/terms-and-conditions/cards',
];
const ROUTED_EXACT = ['/not-activated', '/error', '/ui-catalogue'];

export function isLandingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (ROUTED_EXACT.includes(path)) return false;
  if (/^\/referral\/[^/]+/.test(path)) return false;
  return !ROUTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
