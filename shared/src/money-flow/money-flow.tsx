import { useEffect, useId, useRef } from 'react';
import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';
import buttonStyles from '../ui/button.module.css';
import { Button } from '@ajo/shared/ui';
import { Stepper } from '@ajo/shared/ui/stepper';
import type { SummaryRow } from '../ui/summary-list';
import { AuthenticateStep } from './authenticate-step';
import { ConfirmStep } from './confirm-step';
import type { FlowOutcome, MoneyFlowStep } from './machine';
import styles from './money-flow.module.css';
import { STATUS_HEADINGS, StatusStep } from './status-step';
import { useMoneyFlow, type UseMoneyFlowOptions } from './use-money-flow';
import { linkIsDown, OFFLINE_MONEY_REASON, useLinkDown } from './use-link-down';

export type LinkComponent = ComponentType<
  AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }
>;

export interface MoneyFlowInitiate<TDetails> {
  /** Call from the form's Proceed with its checked values (the form decides when it is enabled). */
  proceed: (details: TDetails) => void;
  /** The details of the attempt left by Back or Try again: the form's default values. */
  draft: TDetails | undefined;
  /** The link is down: Proceed goes nowhere until it returns (the flow says why). */
  offline: boolean;
}

export interface MoneyFlowStatusSlot<TDetails, TResult> {
  outcome: FlowOutcome<TResult>;
  details: TDetails;
  /** Tells the flow that a pending outcome has settled, so the heading and box change with it. */
  settle: (status: 'successful' | 'failed') => void;
}

export interface MoneyFlowProps<TDetails, TResult = unknown> extends UseMoneyFlowOptions<
  TDetails,
  TResult
> {
  /** The screen's initiate form. */
  renderInitiate: (initiate: MoneyFlowInitiate<TDetails>) => ReactNode;
  /** The confirm step's read-only rows for these details (amounts as `{ label, amount }`). */
  summary: (details: TDetails) => readonly SummaryRow[];
  /** Extra content on the status step: an electricity token, receipt buttons. */
  renderStatus?: (status: MoneyFlowStatusSlot<TDetails, TResult>) => ReactNode;
  /** Heading of the initiate step, e.g. 'Transfer details'. */
  initiateHeading?: string;
  /** The status step's button for a new attempt after success, e.g. 'Make another transfer'. */
  restartLabel?: string;
  /** SPEC §2: Close goes to /dashboard. */
  closeHref?: string;
  /**
   * Renders the Close link: a remote passes its cross-app link so the shell navigates without a
   * reload. A plain <a> by default.
   */
  linkComponent?: LinkComponent;
}

function PlainLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />;
}

export const STEP_NAMES = ['Initiate', 'Confirm', 'Authenticate', 'Status'] as const;
/** Without a 202 there was no authenticate step: the finished progress does not claim one. */
const STEP_NAMES_WITHOUT_OTP = ['Initiate', 'Confirm', 'Status'] as const;
const STEP_INDEX: Record<MoneyFlowStep, number> = {
  initiate: 0,
  confirm: 1,
  authenticate: 2,
  checking: 3,
  status: 3,
};

/** The check of a lost answer: never 'failed' until the server says so (docs in machine.ts). */
export const CHECKING_HEADING = 'Checking your transaction…';
export const CHECKING_TEXT =
  'We did not get an answer from the server. Checking whether your transaction went through… Do not send it again.';

/**
 * SPEC §4 "Purchase/transfer flow" for every transfer and payment screen: initiate (the screen's
 * form), confirm (summary + transaction PIN), authenticate (OTP, only after a 202), status. The
 * screen supplies the form, the summary rows and `submit`; the flow does the rest, including the
 * Idempotency-Key (one per attempt) and the failure toasts.
 */
export function MoneyFlow<TDetails, TResult = unknown>(props: MoneyFlowProps<TDetails, TResult>) {
  const {
    renderInitiate,
    summary,
    renderStatus,
    initiateHeading = 'Details',
    restartLabel = 'Make another transaction',
    closeHref = '/dashboard',
    linkComponent: Link = PlainLink,
    ...flowOptions
  } = props;
  const flow = useMoneyFlow(flowOptions);
  const { state } = flow;
  const headingId = useId();
  const offlineId = useId();
  const offline = useLinkDown();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The browser's (or a phone's) Back on Confirm or Enter OTP is the flow's Back, not a way out.
  useBackButtonStep(state.step === 'confirm' || state.step === 'authenticate', flow.back);

  // Focus follows the step (not on first render: the page decides where focus starts).
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    headingRef.current?.focus();
  }, [state.step]);

  const headingText =
    state.step === 'initiate'
      ? initiateHeading
      : state.step === 'confirm'
        ? 'Confirm details'
        : state.step === 'authenticate'
          ? 'Enter OTP'
          : state.step === 'checking'
            ? CHECKING_HEADING
            : STATUS_HEADINGS[state.outcome.status];
  const heading = (
    <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
      {headingText}
    </h2>
  );

  let body: ReactNode;
  switch (state.step) {
    case 'initiate':
      body = (
        <>
          {heading}
          {renderInitiate({
            // Read when pressed, not when drawn: the link may have gone since.
            proceed: (details) => {
              if (!linkIsDown()) flow.proceed(details);
            },
            draft: state.draft,
            offline,
          })}
        </>
      );
      break;
    case 'confirm':
      body = (
        <>
          {heading}
          <ConfirmStep
            rows={summary(state.attempt.details)}
            processing={state.busy === 'confirm'}
            offlineReasonId={offline ? offlineId : undefined}
            onConfirm={(pin) => {
              if (!linkIsDown()) void flow.confirm(pin);
            }}
            onBack={flow.back}
          />
        </>
      );
      break;
    case 'authenticate':
      body = (
        <>
          {heading}
          <AuthenticateStep
            challenge={state.challenge}
            needsPin={!state.attempt.transactionPin}
            busy={state.busy}
            otpRejections={state.otpRejections}
            offlineReasonId={offline ? offlineId : undefined}
            onVerify={(otp, pin) => {
              if (!linkIsDown()) void flow.verifyOtp(otp, pin);
            }}
            onResend={flow.resend}
            onCancel={flow.back}
          />
        </>
      );
      break;
    case 'checking':
      // No Try again: a new attempt could pay twice. Leaving is safe: the check resumes on return.
      body = (
        <StatusStep
          outcome={{ status: 'pending' }}
          heading={heading}
          text={CHECKING_TEXT}
          actions={
            <>
              <Link href={closeHref} className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
                Close
              </Link>
              <Button
                onClick={() => void flow.check()}
                loading={state.busy}
                loadingLabel="Checking…"
              >
                Check again
              </Button>
            </>
          }
        />
      );
      break;
    case 'status': {
      const failed = state.outcome.status === 'failed';
      body = (
        <StatusStep
          outcome={state.outcome}
          heading={heading}
          extra={renderStatus?.({
            outcome: state.outcome,
            details: state.attempt.details,
            settle: flow.settle,
          })}
          actions={
            <>
              {!failed && state.outcome.reference ? (
                // The receipt and the pending screen: the report form is the wallets remote's My
                // reports, loaded only when asked for (docs/decisions/034-complaints-with-a-clock.md).
                <Link
                  href={`/dashboard/reports?report=${encodeURIComponent(state.outcome.reference)}`}
                  className={`${buttonStyles.button} ${buttonStyles.ghost}`}
                >
                  Report a problem
                </Link>
              ) : null}
              <Link href={closeHref} className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
                Close
              </Link>
              <Button onClick={() => flow.restart({ keepDetails: failed })}>
                {failed ? 'Try again' : restartLabel}
              </Button>
            </>
          }
        />
      );
      break;
    }
  }

  return (
    <div className={styles.flow}>
      {(state.step === 'status' && !state.afterOtp) ||
      (state.step === 'checking' && state.from === 'confirm') ? (
        <Stepper steps={STEP_NAMES_WITHOUT_OTP} current={2} label="Transaction steps" />
      ) : (
        <Stepper steps={STEP_NAMES} current={STEP_INDEX[state.step]} label="Transaction steps" />
      )}
      <section key={state.step} className={styles.step} aria-labelledby={headingId}>
        {body}
        {offline && (
          <p id={offlineId} role="status" className={styles.offline}>
            {OFFLINE_MONEY_REASON}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * While `active`, the page has one history entry more (same address), so the browser's or a
 * phone's Back returns to the form with its fields kept (the flow's own Back) instead of leaving
 * the screen. Left by the flow's buttons (Back, a status), the entry is taken off again, so the
 * next Back leaves the screen as it would have; left by a link to another page, it stays behind.
 */
function useBackButtonStep(active: boolean, back: () => void) {
  const backRef = useRef(back);
  backRef.current = back;
  useEffect(() => {
    if (!active) return undefined;
    const marker = `money-step-${Date.now()}-${Math.random()}`;
    const current: unknown = window.history.state;
    const state = current && typeof current === 'object' ? current : {};
    window.history.pushState({ ...state, ajoMoneyStep: marker }, '');
    let popped = false;
    const onPop = () => {
      popped = true;
      backRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      const now = window.history.state as { ajoMoneyStep?: string } | null;
      if (!popped && now?.ajoMoneyStep === marker) window.history.back();
    };
  }, [active]);
}
