import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { AccountSetupScreen } from '../features/account-setup/components/account-setup-screen';
import { BvnVerificationStartScreen } from '../features/bvn-verification/components/bvn-verification-start-screen';
import { BvnVerificationStatusScreen } from '../features/bvn-verification/components/bvn-verification-status-screen';
import { ForgotPinScreen } from '../features/forgot-pin/components/forgot-pin-screen';
import { NinResultScreen } from '../features/nin-verification/components/nin-result-screen';
import { NinVerificationStartScreen } from '../features/nin-verification/components/nin-verification-start-screen';
import { OnboardingDetailsScreen } from '../features/onboarding/components/onboarding-details-screen';
import { OtpScreen } from '../features/otp/components/otp-screen';
import { SecurityPinScreen } from '../features/security-pin/components/security-pin-screen';
import { SignupScreen } from '../features/signup/components/signup-screen';
import { VerifyDetailsScreen } from '../features/verify/components/verify-details-screen';

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The routes this remote owns (host route table, SPEC §2); the host mounts it only on them. */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/signup" element={<SignupScreen />} />
        <Route path="/otp" element={<OtpScreen />} />
        <Route path="/security-pin/*" element={<SecurityPinScreen />} />
        <Route path="/register/*" element={<AccountSetupScreen />} />
        <Route path="/verify/*" element={<VerifyDetailsScreen />} />
        <Route path="/onboarding/*" element={<OnboardingDetailsScreen />} />
        <Route path="/bvn-verification-start/*" element={<BvnVerificationStartScreen />} />
        <Route path="/bvn-verification-status/*" element={<BvnVerificationStatusScreen />} />
        <Route path="/nin-verification-start/*" element={<NinVerificationStartScreen />} />
        {/* SPEC §2 "NIN result page": no route of its own in the SPEC, so it lives under the start path. */}
        <Route path="/nin-verification-start/result" element={<NinResultScreen />} />
        <Route path="/forgot-pin" element={<ForgotPinScreen />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
