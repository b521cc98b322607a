import { lazy } from 'react';
import { lazyScreen, ScreenSuspense } from '@ajo/remote-kit/lazy-screen';
import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { LandingPage } from '../features/landing/components/landing-page';

// Each page loads with its route, so /faq does not download the legal texts, the referral page and
// the status screens (docs/decisions/017-compressed-and-budgeted-first-pages.md).
const FaqPage = lazyScreen(() => import('../features/faq/components/faq-page'), 'FaqPage');
const AccountTermsPage = lazyScreen(
  () => import('../features/legal/components/account-terms-page'),
  'AccountTermsPage',
);
const CardTermsPage = lazyScreen(
  () => import('../features/legal/components/card-terms-page'),
  'CardTermsPage',
);
const ReferralTermsPage = lazyScreen(
  () => import('../features/legal/components/referral-terms-page'),
  'ReferralTermsPage',
);
const ReferralPage = lazyScreen(
  () => import('../features/referral/components/referral-page'),
  'ReferralPage',
);
const ErrorPage = lazyScreen(
  () => import('../features/status-screens/components/error-page'),
  'ErrorPage',
);
const NotActivatedPage = lazyScreen(
  () => import('../features/status-screens/components/not-activated-page'),
  'NotActivatedPage',
);

// A page for developers: its own chunk, so the other pages do not download the money flow.
const UiCataloguePage = lazy(() => import('../features/ui-catalogue/components/ui-catalogue-page'));

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export default function RoutedPages() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <ScreenSuspense>
        <Routes>
          <Route path="/faq/*" element={<FaqPage />} />
          <Route path="/terms-and-conditions/account/*" element={<AccountTermsPage />} />
          <Route path="/terms-and-conditions/referrals/*" element={<ReferralTermsPage />} />
          <Route path="/terms-and-conditions/cards/*" element={<CardTermsPage />} />
          <Route path="/referral/:code/*" element={<ReferralPage />} />
          <Route path="/not-activated" element={<NotActivatedPage />} />
          <Route path="/error" element={<ErrorPage />} />
          <Route path="/ui-catalogue" element={<UiCataloguePage />} />
          <Route path="*" element={<LandingPage />} />
        </Routes>
      </ScreenSuspense>
    </BrowserRouter>
  );
}
