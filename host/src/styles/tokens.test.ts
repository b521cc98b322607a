/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Every status colour has its own token (a 'processing' badge must not look 'approved') and keeps
 * 4.5:1 contrast (WCAG AA) with the white text the badges use and with the page background.
 */
const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');
const token = (name: string): string => {
  const match = new RegExp(`--ajo-color-${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!match?.[1]) throw new Error(`--ajo-color-${name} missing`);
  return match[1].toLowerCase();
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

const STATUS = ['primary', 'info', 'success', 'warning', 'danger', 'muted'];

describe('status colour tokens', () => {
  it('gives every status its own colour', () => {
    const colours = STATUS.map(token);
    expect(new Set(colours).size).toBe(STATUS.length);
  });

  it.each(STATUS)('%s keeps 4.5:1 with white text and with the page background', (name) => {
    expect(contrast(token(name), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token(name), token('bg'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('status badges (@ajo/shared Badge)', () => {
  const badgeCss = readFileSync(
    path.join(path.dirname(require.resolve('@ajo/shared/package.json')), 'src/ui/badge.module.css'),
    'utf8',
  );

  it.each(STATUS)('paints the %s tone with its own token', (name) => {
    const rule = new RegExp(
      `\\.${name}\\s*\\{[^}]*background:\\s*var\\(--ajo-color-([a-z-]+)`,
    ).exec(badgeCss);
    expect(rule?.[1]).toBe(name);
  });
});
