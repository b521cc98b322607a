import { Screen } from '@ajo/shared/ui/screen';
import { FieldsDemo } from './fields-demo';
import { MoneyFlowDemo } from './money-flow-demo';
import styles from './ui-catalogue.module.css';

/**
 * /ui-catalogue: a page for developers (not linked from the navigation) showing the shared money
 * flow and fields. Loaded as its own chunk, so customer pages never download it.
 */
export default function UiCataloguePage() {
  return (
    <Screen title="UI catalogue">
      <p className={styles.lead}>
        For developers: the shared money flow and fields of the UI kit. Nothing on this page calls
        the server or moves money.
      </p>
      <MoneyFlowDemo />
      <FieldsDemo />
    </Screen>
  );
}
