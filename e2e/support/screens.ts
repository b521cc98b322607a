// Assertions about which part of the page rendered a route.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { REMOTE_NAMES, containerSelector, type RouteCase, type RouteOwner } from './routes';

/** The remote's area: the container single-spa mounted it into. */
export function remoteArea(page: Page, owner: RouteOwner) {
  return page.locator(containerSelector(owner));
}

/**
 * The route rendered through the host by its owner: the owner's container shows a heading and no
 * other remote shows anything. /login belongs to the host itself
 * (docs/architecture.md "The pieces").
 */
export async function expectRenderedBy(page: Page, routeCase: RouteCase): Promise<void> {
  await expect(page).toHaveURL((url) => routeCase.landsOn.includes(url.pathname));
  const main =
    routeCase.owner === 'host' ? page.getByRole('main') : remoteArea(page, routeCase.owner);
  const heading = routeCase.heading
    ? main.getByRole('heading', { name: routeCase.heading })
    : main.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  for (const other of REMOTE_NAMES.filter((name) => name !== routeCase.owner)) {
    await expect(remoteArea(page, other)).toBeHidden();
  }
}
