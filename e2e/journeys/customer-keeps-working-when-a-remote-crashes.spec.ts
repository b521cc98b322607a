// Failure isolation: a remote whose code throws while loading, or whose mount throws, shows the
// generic fallback in its own area only; the shell and the other remotes keep working.
import { crashRemote, type Crash } from '../support/broken-remote';
import { expect, test } from '../support/fixtures';
import { remoteArea } from '../support/screens';

// SPEC §8 'Rendering fallback' and SPEC §2 'Back to safety', word for word.
const RENDER_FALLBACK = "We ran into an issue, but don't worry, we'll take care of it for sure.";
const BACK_TO_SAFETY = 'Back to safety';

const CRASHING = 'settings';

test.use({
  // The host reports the crash it contains (host/src/federation/with-fallback.ts).
  allowedConsoleErrors: {
    patterns: [new RegExp(`\\[${CRASHING}\\]`), /\[federation\] could not load/],
  },
});

const crashes: Crash[] = ['mount rejects', 'module throws'];

for (const crash of crashes) {
  test(`a customer whose settings screen crashes (${crash}) sees the fallback there and still uses the rest of the dashboard`, async ({
    page,
    signedInShell: _shell,
  }) => {
    await crashRemote(page, CRASHING, crash);
    await page.goto('/settings');

    const area = remoteArea(page, CRASHING);
    await expect(area.getByText(RENDER_FALLBACK)).toBeVisible();
    await expect(area.getByRole('link', { name: BACK_TO_SAFETY })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // The shell around it still works.
    await expect(page.getByRole('complementary', { name: 'Dashboard' })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await menu.getByRole('link', { name: 'Airtime' }).click();
    await expect(remoteArea(page, 'payments').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);

    await menu.getByRole('link', { name: 'Settings' }).click();
    await area.getByRole('link', { name: BACK_TO_SAFETY }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(remoteArea(page, 'wallets').getByRole('heading', { level: 1 })).toBeVisible();
  });
}
