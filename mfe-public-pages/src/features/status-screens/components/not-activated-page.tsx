import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { ACCOUNT_NOT_ACTIVATED } from '@ajo/shared/messages';
import { Screen } from '@ajo/shared/ui/screen';

/**
 * SPEC §4: a signed-in user with no wallets sees this screen (message: SPEC §8). The host's shell
 * sends such a user here from any protected page and keeps the sidebar; the link leads back into
 * identity verification (SPEC §2 Verify Details), which activates the account.
 */
export function NotActivatedPage() {
  return (
    <Screen title="Account not activated">
      <p>{ACCOUNT_NOT_ACTIVATED}</p>
      <p>
        Not verified yet?{' '}
        <CrossAppLink href="/verify">Complete your identity verification</CrossAppLink>
      </p>
    </Screen>
  );
}
