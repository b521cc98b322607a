import { useId } from 'react';

export interface FieldIds {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** aria-describedby: the hint and the error, so a screen reader reads both with the field. */
  describedBy: string | undefined;
}

/** Stable ids tying a field's input to its label, hint and error. */
export function useFieldIds(
  id: string | undefined,
  hasHint: boolean,
  hasError: boolean,
  extraDescribedBy?: string,
): FieldIds {
  const generated = useId();
  const inputId = id ?? `ajo-field-${generated}`;
  const hintId = hasHint ? `${inputId}-hint` : undefined;
  const errorId = hasError ? `${inputId}-error` : undefined;
  const describedBy = [extraDescribedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}
