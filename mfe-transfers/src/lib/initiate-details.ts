// What both initiate forms do with their values (SPEC §4, §5): check them with the shared schema,
// one message per field, then against what is left of today's limit before any call.
import type { TransferLimitsResponse } from '@ajo/shared/schemas';
import { overLimitMessage } from './limits';

interface Schema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
      };
}

/** The money flow's `parseDetails` (attempt kept across a reload): the data, or null. */
export function detailsParser<T>(schema: Schema<T>): (raw: unknown) => T | null {
  return (raw) => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export interface CheckOptions {
  /** The wallet picked to pay from: its name goes with the transfer (SPEC §3 wallet_name). */
  sourceWallet: { name: string } | undefined;
  /**
   * Whether the Save Beneficiary box is shown: a tick made before it was hidden (a picked or
   * already saved recipient, SPEC §4) saves nothing.
   */
  canSave: boolean;
  limits: TransferLimitsResponse | null;
}

export function checkDetails<T extends { amount: string }>(
  schema: Schema<T>,
  values: { save_beneficiary?: boolean },
  { sourceWallet, canSave, limits }: CheckOptions,
): { ok: true; details: T } | { ok: false; errors: FieldErrors<T> } {
  const parsed = schema.safeParse({
    ...values,
    wallet_name: sourceWallet?.name ?? '',
    save_beneficiary: Boolean(values.save_beneficiary) && canSave,
  });
  if (!parsed.success) {
    const errors: FieldErrors<T> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof T] ??= issue.message;
    return { ok: false, errors };
  }
  if (limits && Number(parsed.data.amount) > limits.remainingToday) {
    return { ok: false, errors: { amount: overLimitMessage(limits) } as FieldErrors<T> };
  }
  return { ok: true, details: parsed.data };
}
