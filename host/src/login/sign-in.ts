// SPEC §4 Login and §7 POST /login: the sign-in attempt, apart from the form so the rules are testable.
import { MAC_ADDRESS } from '@ajo/shared/constants';
import {
  loginResponseSchema,
  toInternationalPhone,
  type LoginFormValues,
} from '@ajo/shared/schemas';
import type { ApiClient } from 'host/api';
import type { Session } from 'host/session';
import { landmark } from '../routes/route-table';

export interface SignInDeps {
  api: ApiClient;
  session: Session;
  local?: Storage;
  sessionStore?: Storage;
}

/**
 * Where a signed-in user goes (SPEC §4): verified or with a mifos_client_id -> the signed-in home,
 * else identity verification; both as the live remotes declare them (landmarks).
 */
export function landingPath(user: { is_verified: boolean; mifos_client_id: unknown }): string {
  const hasMifosClient = user.mifos_client_id !== null && user.mifos_client_id !== '';
  return landmark(user.is_verified || hasMifosClient ? 'signed-in-home' : 'verify');
}

/** Resolves the path to go to; rejects like host/api (toast `serverMessage ?? 'Error logging in'`). */
export async function signIn(values: LoginFormValues, deps: SignInDeps): Promise<string> {
  // SPEC §4: storage is cleared and the user reset at each login attempt (before the call).
  (deps.local ?? localStorage).clear();
  (deps.sessionStore ?? sessionStorage).clear();
  deps.session.setUser(null);
  const response = await deps.api.encrypted.post('/login', {
    phone_number: toInternationalPhone(values.phone_number),
    security_pin: values.security_pin,
    mac_address: MAC_ADDRESS,
  });
  // docs/conventions.md §4: an answer that does not parse is an error the user sees, not a crash.
  const parsed = loginResponseSchema.safeParse(response.data);
  if (!parsed.success) throw { status: 0, message: 'Unexpected response from the server' };
  const { token, user } = parsed.data;
  deps.session.start(token, user.id);
  return landingPath(user);
}
