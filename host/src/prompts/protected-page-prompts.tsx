import { useState } from 'react';
import type { User } from '@ajo/shared/entities';
import { loadHostApi } from '../federation/host-modules';
import type { HostServices } from '../layout/use-host-services';
import { NinUpdateModal } from './nin-update-modal';
import { duePrompts, type PromptKind } from './prompt-conditions';
import { TransactionPinModal } from './transaction-pin-modal';

export interface ProtectedPagePromptsProps {
  user: User;
  services: HostServices;
  loadApi?: typeof loadHostApi;
  reload?: () => void;
  /** Prompts a screen asked for, shown after those due; each closes for good when dismissed. */
  requested?: readonly PromptKind[];
  onRequestedClosed?: (kind: PromptKind) => void;
}

/**
 * SPEC §4 "Prompts on protected pages", one modal at a time, transaction PIN first. Closing a prompt
 * dismisses it for this page view only (state, not storage): it comes back on the next load while
 * its condition holds. Loaded lazily by the shell, only on signed-in pages that have a prompt due.
 */
export function ProtectedPagePrompts({
  user,
  services,
  loadApi = loadHostApi,
  reload,
  requested = [],
  onRequestedClosed,
}: ProtectedPagePromptsProps) {
  const [dismissed, setDismissed] = useState<readonly PromptKind[]>([]);
  const due = duePrompts(user).filter((kind) => !dismissed.includes(kind));
  const active = due[0] ?? requested[0];
  if (!active) return null;

  const promptServices = { ...services, loadApi };
  const dismiss = () => {
    if (due[0] === active) setDismissed((previous) => [...previous, active]);
    if (requested.includes(active)) onRequestedClosed?.(active);
  };

  return active === 'transaction-pin' ? (
    <TransactionPinModal
      key={active}
      userId={user.id}
      services={promptServices}
      onClose={dismiss}
      reload={reload}
    />
  ) : (
    <NinUpdateModal key={active} userId={user.id} services={promptServices} onClose={dismiss} />
  );
}

export default ProtectedPagePrompts;
