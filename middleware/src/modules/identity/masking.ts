/** NIN start: holder details are shown masked, e.g. 'A****', '19**-**-14'. */
export function maskName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  return `${trimmed[0]}${'*'.repeat(Math.max(trimmed.length - 1, 1))}`;
}

export function maskDate(date: string): string {
  const match = /^(\d{2})\d{2}-\d{2}-(\d{2})$/.exec(date);
  return match ? `${match[1]}**-**-${match[2]}` : '****-**-**';
}
