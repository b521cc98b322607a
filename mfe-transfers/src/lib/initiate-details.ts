// What both initiate forms do with their values (SPEC §4, §5): check them with the shared schema,
// one message per field, then against what is left of today's limit before any call.
import type { TransferLimitsResponse } from '@ajo/shared/schemas';
import { overLimitMessage } from './limits';

interface Schema<T> {
  safeParse(
    value: unknown,
  ):
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

export function checkDetails<T extends { amount: string }>(
  schema: Schema<T>,
  values: unknown,
  limits: TransferLimitsResponse | null,
): { ok: true; details: T } | { ok: false; errors: FieldErrors<T> } {
  const parsed = schema.safeParse(values);
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
