import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import { AccountTermsPage } from './account-terms-page';
import { CardTermsPage } from './card-terms-page';
import { ReferralTermsPage } from './referral-terms-page';

function renderPage(page: ReactElement) {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      {page}
    </MemoryRouter>,
  );
}

/** Section headings in order, and every contents link pointing at one of them. */
function expectSectionsWithAnchors(titles: RegExp[]) {
  const headings = screen
    .getAllByRole('heading', { level: 2 })
    .filter((h) => h.textContent !== 'Contents');
  expect(headings).toHaveLength(titles.length);
  headings.forEach((heading, i) => expect(heading.textContent).toMatch(titles[i] as RegExp));
  const contents = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole(
    'link',
  );
  expect(contents).toHaveLength(titles.length);
  contents.forEach((link, i) => {
    const id = link.getAttribute('href')?.slice(1) ?? '';
    expect(document.getElementById(id)).toBe(headings[i]);
  });
}

describe('legal pages (SPEC §2)', () => {
  it('account terms and privacy: the SPEC sections in order, personal data, Nigeria, closure anchor', () => {
    renderPage(<AccountTermsPage />);
    expectSectionsWithAnchors([
      /Acceptance/,
      /General Use/,
      /Ownership/,
      /Termination/,
      /Modifications/,
      /Communications/,
      /Third-Party Links/,
      /Data Protection/,
      /Indemnity/,
      /Severability/,
      /Miscellaneous/,
      /Governing Law/,
      /Arbitration/,
      /Account Closure/,
    ]);
    for (const item of [
      'full name',
      'mobile number',
      'email address',
      'contact address',
      'gender',
      'place and date of birth',
      'next of kin',
      'passport photograph',
    ]) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getByText(/laws of the Federal Republic of Nigeria/)).toBeInTheDocument();
    expect(document.getElementById('account-closure')).toHaveTextContent('Account Closure');
  });

  it('referral terms: the SPEC sections in order with the SPEC §9 figures', () => {
    renderPage(<ReferralTermsPage />);
    expectSectionsWithAnchors([
      /Overview/,
      /Eligibility/,
      /Process/,
      /Rewards/,
      /Limitations/,
      /Compliance/,
      /Termination/,
      /Modification/,
      /Contact/,
      /Entire Agreement/,
    ]);
    expect(screen.getByText(/N500 in total: N250 to you/)).toBeInTheDocument();
    expect(screen.getByText(/at least one transaction in the last 3\s+months/)).toBeInTheDocument();
    expect(
      screen.getByText(/only to pay\s+for electricity, airtime, data or cable TV/),
    ).toBeInTheDocument();
    expect(screen.getByText(/The promotion ends on July 31/)).toBeInTheDocument();
    expect(screen.getByText(/a balance of at least N1,000 in your wallet/)).toBeInTheDocument();
    expect(screen.getByText(/fund their wallet with at least N1,000/)).toBeInTheDocument();
  });

  it('card terms: 13 numbered clauses, clause 10 anchored, the note and the date', () => {
    renderPage(<CardTermsPage />);
    expectSectionsWithAnchors(Array.from({ length: 13 }, (_, i) => new RegExp(`^${i + 1}\\. `)));
    expect(document.getElementById('clause-10')).toHaveTextContent(
      '10. Loss or misuse of your card',
    );
    expect(screen.getByRole('note')).toHaveTextContent(/Important/);
    expect(screen.getByText('Last updated August 20, 2025.')).toBeInTheDocument();
    expect(screen.getByText(/one-time issuance fee of 1,050 naira/)).toBeInTheDocument();
    expect(screen.getAllByText(/more than 60 minutes after/).length).toBeGreaterThan(0);
    // The rest of SPEC §9's card figures: delivery charges, 5 working days, 30 days' notice, 6 months.
    expect(screen.getByText(/Delivery charges are paid by you/)).toBeInTheDocument();
    expect(screen.getByText(/within 5 working days/)).toBeInTheDocument();
    expect(screen.getByText(/30 days' notice before changing a fee/)).toBeInTheDocument();
    expect(screen.getByText(/not activated within 6 months is blocked/)).toBeInTheDocument();
    expect(screen.getByText(/unused for 6 months is blocked/)).toBeInTheDocument();
  });

  it('card terms link to the cards screen: "Get a card"', () => {
    renderPage(<CardTermsPage />);
    expect(screen.getByRole('link', { name: 'Get a card' })).toHaveAttribute(
      'href',
      '/dashboard/cards',
    );
  });
});
