import { Navigate, useLocation } from '@ajo/shared/router';
import { AccountSetupForm } from './account-setup-form';

/** The values /security-pin hands over in navigation state (never in storage). */
function handOff(state: unknown): { pin: string; confirm_pin: string } | null {
  if (typeof state !== 'object' || state === null) return null;
  const { pin, confirm_pin: confirmPin } = state as Record<string, unknown>;
  return typeof pin === 'string' && typeof confirmPin === 'string'
    ? { pin, confirm_pin: confirmPin }
    : null;
}

/** Account Setup (/register, SPEC §2). Without the PINs from /security-pin, back there. */
export function AccountSetupScreen() {
  const pins = handOff(useLocation().state);
  if (!pins) return <Navigate to="/security-pin" replace />;
  return <AccountSetupForm pin={pins.pin} confirmPin={pins.confirm_pin} />;
}
