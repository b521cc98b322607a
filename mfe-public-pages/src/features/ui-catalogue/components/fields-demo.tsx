import { SECURITY_PIN_LENGTH } from '@ajo/shared/constants';
import { AMOUNT_DECIMALS, SOURCE_WALLET_REQUIRED } from '@ajo/shared/messages';
import { AmountField, PinField, SummaryList, WalletSelect } from '@ajo/shared/ui/money-fields';
import { DEMO_WALLETS } from '../demo-transfer';
import styles from './ui-catalogue.module.css';

/** Each shared money field alone, in its usual states. */
export function FieldsDemo() {
  return (
    <section className={styles.section} aria-labelledby="catalogue-fields">
      <h2 id="catalogue-fields">Fields</h2>
      <div className={styles.grid}>
        <div>
          <h3>Wallet select</h3>
          <WalletSelect wallets={DEMO_WALLETS} />
          <WalletSelect
            wallets={DEMO_WALLETS}
            includeCommission
            label="Wallet (commission wallet included)"
          />
          <WalletSelect
            wallets={DEMO_WALLETS}
            label="Source wallet (with its error)"
            required
            error={SOURCE_WALLET_REQUIRED}
          />
        </div>
        <div>
          <h3>PIN field</h3>
          <PinField />
          <PinField length={SECURITY_PIN_LENGTH} />
        </div>
        <div>
          <h3>Amount field</h3>
          <AmountField />
          <AmountField
            label="Amount (with its error)"
            defaultValue="10.005"
            error={AMOUNT_DECIMALS}
          />
        </div>
        <div>
          <h3>Summary list</h3>
          <SummaryList
            label="Example summary"
            rows={[
              { label: 'Receiver', value: 'ADAOBI OKAFOR' },
              { label: 'Amount', amount: 2500.5 },
              { label: 'Narration', value: '' },
            ]}
          />
        </div>
      </div>
    </section>
  );
}
