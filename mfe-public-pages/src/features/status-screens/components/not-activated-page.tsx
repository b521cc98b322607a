import { ACCOUNT_NOT_ACTIVATED } from '@ajo/shared/messages';
import { Screen } from '../../../app/screen';

/** SPEC §4: a user with no wallets sees the not-activated screen (message: SPEC §8). */
export function NotActivatedPage() {
  return (
    <Screen title="Account not activated">
      <p>{ACCOUNT_NOT_ACTIVATED}</p>
    </Screen>
  );
}
