import { useEffect, useMemo, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from '@ajo/shared/constants';
import { useFlashMessage } from '@ajo/shared/hooks';
import { ERROR_INITIATING_TRANSFER } from '@ajo/shared/messages';
import { MoneyFlow, type MoneyFlowPersistence } from '@ajo/shared/money-flow';
import { demoTransferSummary, parseDemoTransfer, type DemoTransfer } from '../demo-transfer';
import {
  DEFAULT_ANSWERS,
  createFakeSubmit,
  type DemoReceipt,
  type FakeAnswers,
  type FakeCall,
} from '../fake-server';
import { DemoTransferForm } from './demo-transfer-form';
import { FakeServerAnswers } from './fake-server-answers';
import styles from './ui-catalogue.module.css';

/** How a screen keeps an attempt across a reload: a key of its own and its schema. */
const PERSIST: MoneyFlowPersistence<DemoTransfer> = {
  storageKey: 'ajo.ui-catalogue.money-flow',
  parseDetails: parseDemoTransfer,
};

/** The shared money flow (SPEC §4) against a fake server whose answers the developer picks. */
export function MoneyFlowDemo() {
  const [answers, setAnswers] = useState<FakeAnswers>(DEFAULT_ANSWERS);
  const answersRef = useRef(answers);
  useEffect(() => {
    answersRef.current = answers;
  }, [answers]);
  const [calls, setCalls] = useState<FakeCall[]>([]);
  // The shell shows toasts from the host bus; this page has no host services, so it shows its own.
  const { message: toast, flash } = useFlashMessage(TOAST_DURATION_MS);

  const submit = useMemo(
    () =>
      createFakeSubmit<DemoTransfer>(
        () => answersRef.current,
        (call) => setCalls((current) => [...current, call]),
      ),
    [],
  );

  return (
    <section className={styles.section} aria-labelledby="catalogue-money-flow">
      <h2 id="catalogue-money-flow">Money flow</h2>
      <p className={styles.lead}>
        Every transfer and payment screen uses these four steps (SPEC §4). Pick what the fake server
        answers, then walk through them; a reload keeps the attempt under way.
      </p>
      <FakeServerAnswers answers={answers} onChange={setAnswers} />
      <div className={styles.flowFrame}>
        <MoneyFlow<DemoTransfer, DemoReceipt>
          submit={submit}
          errorFallback={ERROR_INITIATING_TRANSFER}
          showToast={(_kind, text) => flash({ kind: 'error', text })}
          persist={PERSIST}
          initiateHeading="Transfer details"
          restartLabel="Make another transfer"
          renderInitiate={(initiate) => <DemoTransferForm {...initiate} />}
          summary={demoTransferSummary}
          renderStatus={({ outcome }) =>
            outcome.status === 'successful' && outcome.details ? (
              <p className={styles.slot}>Screen content (slot): {outcome.details.units}</p>
            ) : null
          }
        />
      </div>
      <div className={styles.toast} role="status" aria-label="Toast">
        {toast ? <p>{toast.text}</p> : null}
      </div>
      <h3>Calls to the fake server</h3>
      {calls.length === 0 ? (
        <p className={styles.lead}>No calls yet.</p>
      ) : (
        <ol className={styles.log} aria-label="Calls to the fake server">
          {calls.map((call, index) => (
            <li key={index}>
              <span className={styles.callKind}>{call.kind}</span> Idempotency-Key{' '}
              <code>{call.idempotencyKey}</code>
              {call.otp ? (
                <>
                  {' '}
                  OTP <code>{call.otp}</code>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
