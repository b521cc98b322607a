import { Screen } from '../../../app/screen';

/** Sign up (/signup). Placeholder until the feature issue lands. */
export function SignupScreen() {
  return (
    <Screen title="Sign up">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
