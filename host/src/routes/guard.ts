import { resolveRoute } from './route-table';

// The guard only reads the session keys; host/session owns writing them.
import { TOKEN_KEY, USER_ID_KEY } from '../session/keys';

export interface StorageLike {
  getItem(key: string): string | null;
}

export function hasSession(storage: StorageLike): boolean {
  return Boolean(storage.getItem(TOKEN_KEY)) && Boolean(storage.getItem(USER_ID_KEY));
}

/** A verified phone's sign-up token: tk stored without a user id (host/session startSignup). */
function hasSignupToken(storage: StorageLike): boolean {
  return Boolean(storage.getItem(TOKEN_KEY)) && !storage.getItem(USER_ID_KEY);
}

/** Sign-up steps: a signed-in customer has done them all. */
const SIGN_UP_ROUTES = ['/signup', '/otp', '/security-pin', '/register'];
/**
 * Identity verification and onboarding: a signed-in customer is here until activated; once they
 * have wallets these pages only fail ('Verification data not found!'), so they go to /dashboard.
 */
export const VERIFICATION_ROUTES = [
  '/verify',
  '/onboarding',
  '/bvn-verification-status',
  '/bvn-verification-start',
  '/nin-verification-start',
];

export const isVerificationRoute = (pathname: string): boolean =>
  VERIFICATION_ROUTES.includes(resolveRoute(pathname).path);

/**
 * SPEC §2: a protected route without stored tk and id goes to /login. A signed-in customer on a
 * sign-up step goes to /dashboard (which sends one not yet activated on to /not-activated), and
 * /security-pin without a verified phone goes back to /signup at the start rather than failing at
 * the end of Account Setup. Returns the redirect or null.
 */
export function guardRedirect(pathname: string, storage: StorageLike): string | null {
  const entry = resolveRoute(pathname);
  if (entry.protected && !hasSession(storage)) return '/login';
  if (SIGN_UP_ROUTES.includes(entry.path) && hasSession(storage)) return '/dashboard';
  if (entry.path === '/security-pin' && !hasSignupToken(storage)) return '/signup';
  return null;
}
