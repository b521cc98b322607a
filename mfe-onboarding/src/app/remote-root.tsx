import { lazyScreen, ScreenSuspense } from '@ajo/remote-kit/lazy-screen';
import { BrowserRouter, Route, Routes } from '@ajo/shared/router';

// Every screen loads with its route, the first too: the sign-up form's react-hook-form would
// otherwise ship on every onboarding page, among them the BVN start page, which only calls the API
// and redirects (docs/decisions/017-compressed-and-budgeted-first-pages.md).
const AccountSetupScreen = lazyScreen(
  () => import('../features/account-setup/components/account-setup-screen'),
  'AccountSetupScreen',
);
const BvnVerificationStartScreen = lazyScreen(
  () => import('../features/bvn-verification/components/bvn-verification-start-screen'),
  'BvnVerificationStartScreen',
);
const BvnVerificationStatusScreen = lazyScreen(
  () => import('../features/bvn-verification/components/bvn-verification-status-screen'),
  'BvnVerificationStatusScreen',
);
const SignupScreen = lazyScreen(
  () => import('../features/signup/components/signup-screen'),
  'SignupScreen',
);
const ForgotPinScreen = lazyScreen(
  () => import('../features/forgot-pin/components/forgot-pin-screen'),
  'ForgotPinScreen',
);
const NinResultScreen = lazyScreen(
  () => import('../features/nin-verification/components/nin-result-screen'),
  'NinResultScreen',
);
const NinVerificationStartScreen = lazyScreen(
  () => import('../features/nin-verification/components/nin-verification-start-screen'),
  'NinVerificationStartScreen',
);
const OnboardingDetailsScreen = lazyScreen(
  () => import('../features/onboarding/components/onboarding-details-screen'),
  'OnboardingDetailsScreen',
);
const OtpScreen = lazyScreen(() => import('../features/otp/components/otp-screen'), 'OtpScreen');
const SecurityPinScreen = lazyScreen(
  () => import('../features/security-pin/components/security-pin-screen'),
  'SecurityPinScreen',
);
const VerifyDetailsScreen = lazyScreen(
  () => import('../features/verify/components/verify-details-screen'),
  'VerifyDetailsScreen',
);

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The routes this remote owns (host route table, SPEC §2); the host mounts it only on them. */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <ScreenSuspense>
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
      </ScreenSuspense>
    </BrowserRouter>
  );
}
