import { Suspense, lazy } from 'react';
import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { FaqPage } from '../features/faq/components/faq-page';
import { AccountTermsPage } from '../features/legal/components/account-terms-page';
import { CardTermsPage } from '../features/legal/components/card-terms-page';
import { ReferralTermsPage } from '../features/legal/components/referral-terms-page';
import { ReferralPage } from '../features/referral/components/referral-page';
import { ErrorPage } from '../features/status-screens/components/error-page';
import { NotActivatedPage } from '../features/status-screens/components/not-activated-page';
import { LandingPage } from '../features/landing/components/landing-page';

// A page for developers: its own chunk, so the other pages do not download the money flow.
const UiCataloguePage = lazy(() => import('../features/ui-catalogue/components/ui-catalogue-page'));

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export default function RoutedPages() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/faq/*" element={<FaqPage />} />
        <Route path="/terms-and-conditions/account/*" element={<AccountTermsPage />} />
        <Route path="/terms-and-conditions/referrals/*" element={<ReferralTermsPage />} />
        <Route path="/terms-and-conditions/cards/*" element={<CardTermsPage />} />
        <Route path="/referral/:code/*" element={<ReferralPage />} />
        <Route path="/not-activated" element={<NotActivatedPage />} />
        <Route path="/error" element={<ErrorPage />} />
        <Route
          path="/ui-catalogue"
          element={
            <Suspense fallback={<p role="status">Loading…</p>}>
              <UiCataloguePage />
            </Suspense>
          }
        />
        <Route path="*" element={<LandingPage />} />
      </Routes>
    </BrowserRouter>
  );
}
