// SPEC §4 NIN status badge on the dashboard welcome.
import type { User } from '../entities';
import { NIN_NOT_SUBMITTED } from '@ajo/shared/messages';

/** The badge tones of the UI kit. */
export type StatusTone = 'primary' | 'danger' | 'warning' | 'info' | 'success' | 'muted';

export interface NinStatusBadge {
  label: string;
  tone: StatusTone;
}

const BADGES: Record<string, NinStatusBadge> = {
  pending: { label: 'Pending', tone: 'muted' },
  processing: { label: 'Processing', tone: 'info' },
  approved: { label: 'Approved', tone: 'primary' },
  declined: { label: 'Declined', tone: 'danger' },
};

/**
 * pending (grey), processing (info), approved (primary), declined (danger). No status with a NIN
 * present counts as approved; no status and no NIN shows Not Submitted (warning).
 */
export function ninStatusBadge(
  user: Pick<User, 'nin' | 'nin_verification_status'>,
): NinStatusBadge {
  const status = user.nin_verification_status?.toLowerCase();
  const known = status ? BADGES[status] : undefined;
  if (known) return known;
  if (user.nin) return BADGES.approved as NinStatusBadge;
  return { label: NIN_NOT_SUBMITTED, tone: 'warning' };
}
