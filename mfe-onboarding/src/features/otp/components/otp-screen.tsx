import { Screen } from '../../../app/screen';

/** OTP Verification (/otp). Placeholder until the feature issue lands. */
export function OtpScreen() {
  return (
    <Screen title="OTP Verification">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
