import { SUPPORT_EMAIL } from '../../public-config/public-config';
import { LegalDocument, type LegalSection } from './legal-document';

/** SPEC §2: personal data we hold. */
const PERSONAL_DATA = [
  'full name',
  'mobile number',
  'email address',
  'contact address',
  'gender',
  'place and date of birth',
  'next of kin',
  'passport photograph',
] as const;

/** SPEC §2 account terms plus privacy policy, in the SPEC's order (retention and age: SPEC §9). */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By opening an Ajo Wallet account, or by using the app or website, you agree to these terms
        and to this privacy policy. If you do not agree, please do not use Ajo Wallet. You must be
        18 or older to use Ajo Wallet on your own; a younger person may use it only under the
        supervision of a parent or guardian.
      </p>
    ),
  },
  {
    id: 'general-use',
    title: 'General Use',
    body: (
      <>
        <p>
          Ajo Wallet lets you hold money in a wallet, fund it, send money to other wallets and to
          banks, and pay bills. You agree to give true information, to keep your security PIN and
          transaction PIN secret, and to tell us at once if you think someone else knows them or has
          used your account.
        </p>
        <p>
          You must not use Ajo Wallet for anything unlawful, including fraud and money laundering.
          We may ask for more identity documents, set limits on how much you can hold or send, and
          hold or refuse a transaction that looks wrong while we check it.
        </p>
      </>
    ),
  },
  {
    id: 'ownership',
    title: 'Ownership',
    body: (
      <p>
        The app, the website, the Ajo Wallet name and logo and everything we created for them belong
        to us or to those who licensed them to us. You may use them to run your account, not copy,
        change or resell them. The money in your wallet is yours.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may close your account at any time (see Account Closure). We may suspend or close an
        account that breaks these terms or the law, or when a regulator or court requires it. We
        will tell you why unless the law forbids it, and return any money you are owed.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications',
    body: (
      <p>
        We may change these terms. We will post the new version here and, for important changes,
        tell you by SMS or email before they apply. Using Ajo Wallet after that means you accept
        them.
      </p>
    ),
  },
  {
    id: 'communications',
    title: 'Communications',
    body: (
      <p>
        We send one-time codes, transaction alerts and service messages to your phone number and
        email. These are part of the service and you cannot turn them off. We will send you offers
        only if you agree, and you can stop them at any time.
      </p>
    ),
  },
  {
    id: 'third-party-links',
    title: 'Third-Party Links',
    body: (
      <p>
        Some pages take you to services we do not run, such as a card payment page, an identity
        verification page or an app store. Their own terms and privacy policies apply there, and we
        are not responsible for their content.
      </p>
    ),
  },
  {
    id: 'data-protection',
    title: 'Data Protection and Privacy',
    body: (
      <>
        <p>To open and run your account, and because the law requires it, we collect:</p>
        <ul>
          {PERSONAL_DATA.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          We also keep your BVN or NIN and the face photo you take during verification, and a record
          of your transactions. We use this data to verify who you are, run your wallet, prevent
          fraud, meet our legal duties and answer your questions. We share it only with those who
          help us provide the service (our partner bank, identity verification, payment and storage
          providers), with regulators and law enforcement when the law requires it, and never sell
          it.
        </p>
        <p>
          Records stay available online for 3 months and are then archived for 7 years, as Nigerian
          law requires. You may ask to see or correct your data at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We protect it with encryption and
          access controls, in line with the Nigeria Data Protection Act.
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    body: (
      <p>
        If you break these terms or the law, or let someone else use your PINs, you agree to cover
        the losses and costs that we or others suffer because of it.
      </p>
    ),
  },
  {
    id: 'severability',
    title: 'Severability',
    body: (
      <p>
        If a court finds part of these terms invalid, that part is removed or limited as little as
        possible and the rest still applies.
      </p>
    ),
  },
  {
    id: 'miscellaneous',
    title: 'Miscellaneous',
    body: (
      <p>
        If we do not enforce a term straight away, we may still enforce it later. You may not pass
        your account or these terms to someone else. These terms and the terms of any feature you
        use (such as referral rewards or a debit card) are the whole agreement between us.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: <p>These terms are governed by the laws of the Federal Republic of Nigeria.</p>,
  },
  {
    id: 'arbitration',
    title: 'Arbitration',
    body: (
      <p>
        Please contact support first: most problems are solved there. A dispute we cannot settle
        within 30 days goes to arbitration in Lagos under the Arbitration and Mediation Act 2023,
        before one arbitrator, in English. This does not stop you from complaining to the Central
        Bank of Nigeria.
      </p>
    ),
  },
  {
    id: 'account-closure',
    title: 'Account Closure',
    body: (
      <>
        <p>
          You can ask to close your account in Settings (More, Delete Account) or by emailing{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Before you do, move out any money
          left in your wallet: the wallet is deactivated when the account closes.
        </p>
        <p>
          Closing cannot be undone. We keep your records for the periods in Data Protection and
          Privacy, because the law requires it, and then delete them.
        </p>
      </>
    ),
  },
];

export function AccountTermsPage() {
  return (
    <LegalDocument
      title="Account Terms and Privacy Policy"
      intro={
        <p>
          These terms explain how your Ajo Wallet account works, what we expect of each other and
          how we look after your personal data.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
