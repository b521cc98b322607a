import { useForm } from 'react-hook-form';
import type { User } from '@ajo/shared/entities';
import { isCommissionWallet } from '@ajo/shared/format';
import { END_IN_FUTURE } from '@ajo/shared/messages';
import { statementRequestSchema, type StatementRequestValues } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { requestStatement } from '../api';
import styles from '../settings.module.css';

/** Today in Lagos (UTC+1, the days statements count in), YYYY-MM-DD. */
export const lagosToday = (now = new Date()) =>
  new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);

/**
 * SPEC §2 Generate Statement: wallet number (read-only), e-mail, start and end date; the statement
 * (a PDF) is e-mailed and the server's message shown (SPEC §7).
 */
export function StatementTab({ user }: { user: User }) {
  const wallet = user.wallets.find((w) => !isCommissionWallet(w));
  const today = lagosToday();
  const form = useForm<StatementRequestValues>({
    resolver: schemaResolver<StatementRequestValues>(statementRequestSchema),
    defaultValues: {
      wallet_number: wallet?.account_no ?? '',
      email: user.email ?? '',
      start_date: '',
      end_date: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    if (values.end_date > lagosToday()) {
      form.setError('end_date', { message: END_IN_FUTURE });
      return;
    }
    try {
      await showToast('success', await requestStatement(values));
    } catch (error) {
      await showToast(
        'error',
        errorMessage(error, 'Could not generate your statement. Please try again.'),
      );
    }
  });
  const errors = form.formState.errors;
  const start = form.watch('start_date');
  return (
    <section className={styles.section} aria-labelledby="settings-statement">
      <h2 id="settings-statement">Generate Statement</h2>
      <p className={styles.muted}>
        We will e-mail you a PDF statement with every transaction of the period and its running
        balance.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Wallet number"
          readOnly
          {...form.register('wallet_number')}
          error={errors.wallet_number?.message}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Start date"
          type="date"
          max={today}
          error={errors.start_date?.message}
          {...form.register('start_date')}
        />
        <TextField
          label="End date"
          type="date"
          min={start || undefined}
          max={today}
          error={errors.end_date?.message}
          {...form.register('end_date')}
        />
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!wallet}>
          Generate Statement
        </Button>
      </form>
    </section>
  );
}
