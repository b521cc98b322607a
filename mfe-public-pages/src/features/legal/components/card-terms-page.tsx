import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { SUPPORT_EMAIL } from '../../public-config/public-config';
import { LegalDocument, type LegalSection } from './legal-document';
import styles from './legal-document.module.css';

const clause = (
  n: number,
  id: string,
  title: string,
  body: LegalSection['body'],
): LegalSection => ({
  id,
  title: `${n}. ${title}`,
  body,
});

/** SPEC §2 debit card terms: 13 numbered clauses, clause 10 anchored; figures: SPEC §4 and §9. */
const SECTIONS: readonly LegalSection[] = [
  clause(
    1,
    'clause-1',
    'About these terms',
    <p>
      These terms apply to the Ajo Wallet debit card linked to your wallet. They add to the account
      terms, which still apply.
    </p>,
  ),
  clause(
    2,
    'clause-2',
    'Getting your card',
    <p>
      You can request a card from the app once your account is verified. The card stays our property
      and must be returned or destroyed if we ask.
    </p>,
  ),
  clause(
    3,
    'clause-3',
    'Fees',
    <p>
      The card has a one-time issuance fee of 1,050 naira. Delivery charges are paid by you. Both
      are taken from your wallet when you request the card.
    </p>,
  ),
  clause(
    4,
    'clause-4',
    'Activating your card',
    <p>
      Activate the card in the app when it arrives. A card not activated within 6 months is blocked,
      and you must request a new one.
    </p>,
  ),
  clause(
    5,
    'clause-5',
    'Using your card',
    <p>
      You can pay in shops and online and withdraw cash where cards are accepted, up to your wallet
      balance and your limits. Sign the card and never share its number, expiry date, CVV or PIN.
    </p>,
  ),
  clause(
    6,
    'clause-6',
    'Authorisations',
    <p>
      When a payment is authorised, the amount is reserved against your wallet immediately, so you
      cannot spend it twice.
    </p>,
  ),
  clause(
    7,
    'clause-7',
    'When payments are debited',
    <p>
      Card payments are normally debited from your wallet within 5 working days of the purchase; the
      reserved amount is released when they are.
    </p>,
  ),
  clause(
    8,
    'clause-8',
    'Statements and disputes',
    <p>
      Card payments appear in your transaction history. Tell us within 30 days about a payment you
      do not recognise, and we will investigate it with the card scheme.
    </p>,
  ),
  clause(
    9,
    'clause-9',
    'Keeping your card safe',
    <p>
      Keep the card and its PIN separate, and never write the PIN down. Nobody from Ajo Wallet will
      ever ask for your PIN.
    </p>,
  ),
  clause(
    10,
    'clause-10',
    'Loss or misuse of your card',
    <p>
      If your card is lost or stolen, or you think someone knows your PIN, block the card in the app
      or email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> at once. You are not liable
      for transactions made more than 60 minutes after you report it. Before that, you may be liable
      unless you took reasonable care.
    </p>,
  ),
  clause(
    11,
    'clause-11',
    'Changes to fees and terms',
    <p>We will give you 30 days&apos; notice before changing a fee or these terms.</p>,
  ),
  clause(
    12,
    'clause-12',
    'Blocking and cancelling',
    <p>
      We may block the card to protect you or us, for example after suspicious activity; a card
      unused for 6 months is blocked. You may cancel the card at any time in the app; closing your
      account cancels it.
    </p>,
  ),
  clause(
    13,
    'clause-13',
    'Law',
    <p>These terms are governed by the laws of the Federal Republic of Nigeria.</p>,
  ),
];

export function CardTermsPage() {
  return (
    <LegalDocument
      title="Debit Card Terms"
      intro={
        <>
          <p>Last updated August 20, 2025.</p>
          <p className={styles.note} role="note">
            <strong>Important:</strong> read clause 10 before you use your card. Report a lost or
            stolen card straight away: you are not liable for transactions more than 60 minutes
            after your report.
          </p>
          {/* The cards remote's screen: the guard sends a signed-out reader to /login first. */}
          <p>
            <CrossAppLink href="/dashboard/cards">Get a card</CrossAppLink>
          </p>
        </>
      }
      sections={SECTIONS}
    />
  );
}
