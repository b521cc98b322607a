// A form's messages from one of the shared call schemas (@ajo/shared/schemas cards.ts): the first
// message per field, as the fields show them, so the form and the middleware say the same words.
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string>(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
}): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path[0] as K] ??= issue.message;
  return errors;
}
