// The host's colour tokens as the browser computes them (host/src/styles/tokens.css), so a journey
// compares a computed `color` with `--ajo-color-primary` / `--ajo-color-danger` instead of a hex
// value that a theme change would silently make stale.
import type { Locator, Page } from '@playwright/test';

export type ThemeColour = 'primary' | 'danger';

/** `var(--ajo-color-<name>)` resolved to the `rgb(…)` string getComputedStyle reports. */
export async function themeColour(page: Page, name: ThemeColour): Promise<string> {
  return page.evaluate((token) => {
    const probe = document.createElement('span');
    probe.style.color = `var(--ajo-color-${token})`;
    document.body.appendChild(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    if (!colour || colour === 'rgba(0, 0, 0, 0)') throw new Error(`--ajo-color-${token} is unset`);
    return colour;
  }, name);
}

/** The computed text colour of an element. */
export async function textColour(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).color);
}
