// SPEC §4 "Prompts on protected pages": which prompt a signed-in user is due. Kept apart from the
// modals so the shell can decide cheaply whether to load the (lazy) prompts chunk at all.
import type { User } from '@ajo/shared/entities';

export type PromptKind = 'transaction-pin' | 'nin';

/** The fields the conditions read; a partial user (as the server sends it) is enough. */
export type PromptUser = Pick<
  User,
  'isTransactionPinEnabled' | 'nin' | 'nin_verification_status' | 'is_verified' | 'mifos_client_id'
> &
  Partial<Pick<User, 'wallets'>>;

export function hasMifosClientId(user: Pick<User, 'mifos_client_id'>): boolean {
  const id = user.mifos_client_id;
  return id !== null && id !== undefined && String(id).trim() !== '';
}

/**
 * SPEC §4: a Transaction PIN setup modal if the transaction PIN is not enabled, once the customer
 * has wallets: before activation the PIN guards nothing and the prompt only gets in the way of
 * finishing verification.
 */
export function needsTransactionPinPrompt(user: PromptUser): boolean {
  const hasWallets = Array.isArray(user.wallets) && user.wallets.length > 0;
  return hasWallets && user.isTransactionPinEnabled !== true;
}

/**
 * SPEC §4, exactly: an NIN update modal if (there is no NIN, or the status is null or declined) and
 * the user is not verified and has a mifos_client_id. Note: a NIN with a null status counts as
 * approved for the badge (SPEC §4 "NIN status"), yet still opens this prompt - the SPEC's rule.
 */
export function needsNinPrompt(user: PromptUser): boolean {
  const status = user.nin_verification_status ?? null;
  const ninMissingOrRejected = !user.nin || status === null || status === 'declined';
  return ninMissingOrRejected && user.is_verified !== true && hasMifosClientId(user);
}

/** Due prompts in the order they are shown, one at a time: transaction PIN first. */
export function duePrompts(user: PromptUser): PromptKind[] {
  const due: PromptKind[] = [];
  if (needsTransactionPinPrompt(user)) due.push('transaction-pin');
  if (needsNinPrompt(user)) due.push('nin');
  return due;
}
