// SPEC §2: the sidebar avatar falls back to the initials of first and last name.

const firstLetter = (name: string | null | undefined) =>
  (name ?? '').trim().charAt(0).toLocaleUpperCase();

export function initials(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return firstLetter(firstName) + firstLetter(lastName);
}

/** 'Ada Obi'; missing parts are skipped rather than shown as 'undefined'. */
export function fullName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return [firstName, lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}
