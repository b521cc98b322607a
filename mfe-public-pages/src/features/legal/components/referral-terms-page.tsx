import { Link } from '@ajo/shared/router';
import { SUPPORT_EMAIL } from '../../public-config/public-config';
import { LegalDocument, type LegalSection } from './legal-document';

/** SPEC §2 referral reward terms, in the SPEC's order; figures and rules: SPEC §4 and §9. */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'overview',
    title: 'Overview',
    body: (
      <p>
        The Ajo Wallet referral programme rewards you for inviting friends. You share your referral
        link or code; your friend opens an account and funds it. When the conditions below are met,
        we pay a reward of N500 in total: N250 to you (the referrer) and N250 to your friend (the
        referee).
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <>
        <p>To receive a reward, at the moment your friend qualifies:</p>
        <ul>
          <li>
            you, the referrer, must be an active customer: at least one transaction in the last 3
            months, and a balance of at least N1,000 in your wallet;
          </li>
          <li>
            your friend, the referee, must be new to Ajo Wallet, must complete onboarding (identity
            verification), and must fund their wallet with at least N1,000 in total.
          </li>
        </ul>
        <p>You cannot refer yourself, and a phone number can be referred only once.</p>
      </>
    ),
  },
  {
    id: 'process',
    title: 'Process',
    body: (
      <ol>
        <li>Copy your referral code or link from Settings, Referrals, and share it.</li>
        <li>
          Your friend opens the link and enters their phone number, or types your code when they
          sign up.
        </li>
        <li>Your friend completes onboarding and funds their wallet with N1,000 or more.</li>
        <li>
          We check the conditions each time your friend funds their wallet, and pay both rewards the
          first time they are all met. Your friend then appears in your referral list.
        </li>
      </ol>
    ),
  },
  {
    id: 'rewards',
    title: 'Rewards',
    body: (
      <>
        <p>
          The reward is N250 for the referrer and N250 for the referee, paid once per referee into
          each person&apos;s commission wallet. Money in the commission wallet can be used only to
          pay for electricity, airtime, data or cable TV. It cannot be transferred to another wallet
          or a bank account, or withdrawn as cash.
        </p>
        <p>The promotion ends on July 31. Fundings after that date do not earn a reward.</p>
      </>
    ),
  },
  {
    id: 'limitations',
    title: 'Limitations',
    body: (
      <p>
        Each referee earns a reward once, however many times they fund their wallet. Rewards have no
        cash value outside the commission wallet and cannot be exchanged or moved. If the conditions
        are not met when your friend funds, no reward is paid for that funding; a later funding may
        still qualify while the promotion lasts.
      </p>
    ),
  },
  {
    id: 'compliance',
    title: 'Compliance',
    body: (
      <p>
        You must share your link honestly and only with people who agree to hear from you. No spam,
        fake accounts, paid advertising of your code, or accounts opened with another person&apos;s
        identity. We may hold or reverse a reward earned in breach of these terms or of Nigerian
        law.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        We may end the programme, or end your part in it, at any time, for example after misuse.
        Rewards already paid under these terms stay in the commission wallet unless they were earned
        by fraud.
      </p>
    ),
  },
  {
    id: 'modification',
    title: 'Modification',
    body: (
      <p>
        We may change these terms. Changes are posted on this page and apply to referrals that
        qualify after the change; a reward already earned is not affected.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about a referral or a reward? Email{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your phone number and your
        friend&apos;s.
      </p>
    ),
  },
  {
    id: 'entire-agreement',
    title: 'Entire Agreement',
    body: (
      <p>
        These terms, together with the{' '}
        <Link to="/terms-and-conditions/account">account terms and privacy policy</Link>, are the
        whole agreement between you and Ajo Wallet about the referral programme.
      </p>
    ),
  },
];

export function ReferralTermsPage() {
  return (
    <LegalDocument
      title="Referral Reward Terms"
      intro={
        <p>How inviting friends to Ajo Wallet earns you both N250, and the rules that apply.</p>
      }
      sections={SECTIONS}
    />
  );
}
