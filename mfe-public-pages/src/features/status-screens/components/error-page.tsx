import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { BACK_TO_SAFETY, RENDER_FALLBACK } from '@ajo/shared/messages';
import { Screen } from '@ajo/shared/ui/screen';

/** SPEC §2: the generic error fallback screen with a Back to safety link to /dashboard. */
export function ErrorPage() {
  return (
    <Screen title="Something went wrong">
      <p>{RENDER_FALLBACK}</p>
      <CrossAppLink href="/dashboard">{BACK_TO_SAFETY}</CrossAppLink>
    </Screen>
  );
}
