import { Screen } from '@ajo/shared/ui/screen';

/** SPEC §2 legal pages (static text). Placeholder until the legal-pages issue fills in the text. */
export function ReferralTermsPage() {
  return (
    <Screen title="Referral Reward Terms">
      <p>The full terms are on their way.</p>
    </Screen>
  );
}
