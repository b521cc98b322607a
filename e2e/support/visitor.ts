// Another visitor's browser, for journeys about what many browsers are given (fallbacks, rollouts):
// a fresh context (its own cookies and sessionStorage, so no version that failed in another tab is
// remembered and no rollout side is shared), optionally in a chosen rollout bucket (the app
// server's HttpOnly cookie, docs/decisions/021-rollout-and-overrides.md). It records which versions
// of a remote it fetched the manifest of and what it logged as errors: the `consoleErrors` fixture
// watches the test's own page only, so the journey checks these itself (unexpectedErrors).
import type { Browser, Page } from '@playwright/test';
import { watchManifests } from './rollout';

export interface Visitor {
  page: Page;
  /** The versions of the watched remote whose manifest this browser fetched, in order. */
  manifests: string[];
  /** console.error messages and uncaught errors. */
  errors: string[];
  close(): Promise<void>;
}

export async function openVisitor(
  browser: Browser,
  server: { baseURL: string },
  remote: string,
  { bucket }: { bucket?: number } = {},
): Promise<Visitor> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (bucket !== undefined) {
    await context.addCookies([{ name: 'ajo-bucket', value: String(bucket), url: server.baseURL }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
  return { page, manifests: watchManifests(page, remote), errors, close: () => context.close() };
}

/** The errors a visitor logged that none of `allowed` describes. */
export function unexpectedErrors(visitor: Visitor, allowed: RegExp[]): string[] {
  return visitor.errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
}
