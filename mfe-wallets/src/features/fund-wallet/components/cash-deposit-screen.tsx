// SPEC §2 Cash Deposit page: three steps (give cash to a POS agent, confirm your account,
// transaction successful), shown with the kit's Stepper. No call: an agent credits the wallet, and
// the dashboard refreshes on 'wallets-changed' or on return to the tab.
import { useState } from 'react';
import { Link } from '@ajo/shared/router';
import { isCommissionWallet } from '@ajo/shared/format';
import { Button, Screen } from '@ajo/shared/ui';
import { Stepper } from '@ajo/shared/ui/stepper';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import styles from '../../../lib/wallets.module.css';

export const CASH_DEPOSIT_STEPS = [
  'Give cash to a POS agent',
  'Confirm your account',
  'Transaction successful',
] as const;

export function CashDepositScreen() {
  const { user } = useCurrentUser();
  const [step, setStep] = useState(0);
  const wallet = user?.wallets.find((w) => !isCommissionWallet(w));
  const last = CASH_DEPOSIT_STEPS.length - 1;

  const details = [
    'Visit any POS agent near you and give them the cash you want to deposit.',
    wallet
      ? `Give the agent your account number ${wallet.account_no} and check that the name shown is ${user?.first_name ?? ''} ${user?.last_name ?? ''}.`
      : 'Give the agent your wallet account number and check that the name shown is yours.',
    'The agent completes the deposit and the money appears in your wallet balance.',
  ];

  return (
    <Screen title="Cash Deposit">
      <div className={styles.steps}>
        <Stepper steps={CASH_DEPOSIT_STEPS} current={step} label="Cash deposit steps" />
        <h2 className={styles.sectionTitle}>{CASH_DEPOSIT_STEPS[step]}</h2>
        <p className={styles.muted}>{details[step]}</p>
        <div className={styles.copyRow}>
          {step > 0 ? (
            <Button variant="secondary" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
          {step < last ? (
            <Button onClick={() => setStep(step + 1)}>Next</Button>
          ) : (
            <Link className={styles.action} to="/dashboard">
              Go to Dashboard
            </Link>
          )}
        </div>
      </div>
    </Screen>
  );
}
