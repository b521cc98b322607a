import { useEffect, useState } from 'react';
import type { User } from '@ajo/shared/entities';
import { fullName } from '@ajo/shared/format';
import {
  ERROR_FETCHING_REFERRALS,
  REFERRALS_EMPTY,
  REFERRAL_CODE_COPIED,
} from '@ajo/shared/messages';
import type { ReferralsResponse } from '@ajo/shared/schemas';
import { Button, Spinner } from '@ajo/shared/ui';
import { showToast } from '@ajo/remote-kit/services';
import { fetchReferrals } from '../api';
import styles from '../settings.module.css';

/** SPEC §2 Referrals: count, the customer's code with Copy, and the table (S/N, Referree). */
export function ReferralsTab({ user }: { user: User }) {
  const [answer, setAnswer] = useState<ReferralsResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchReferrals(user.id)
      .then((next) => live && setAnswer(next))
      .catch(() => {
        if (!live) return;
        setFailed(true);
        void showToast('error', ERROR_FETCHING_REFERRALS);
      });
    return () => {
      live = false;
    };
  }, [user.id]);

  const copy = async () => {
    if (!user.referral_code) return;
    try {
      await navigator.clipboard.writeText(user.referral_code);
      await showToast('success', REFERRAL_CODE_COPIED);
    } catch {
      await showToast('error', 'Could not copy. Please select the code and copy it.');
    }
  };

  const referrals = answer?.referrals ?? [];
  return (
    <section className={styles.section} aria-labelledby="settings-referrals">
      <h2 id="settings-referrals">Referrals</h2>
      <div className={styles.card}>
        <dl className={styles.facts}>
          <dt>Referrals</dt>
          <dd data-testid="referral-count">{answer ? answer.count : failed ? '—' : '…'}</dd>
          <dt>Your referral code</dt>
          <dd className={styles.code}>{user.referral_code ?? '—'}</dd>
        </dl>
        <div>
          <Button variant="secondary" onClick={copy} disabled={!user.referral_code}>
            Copy
          </Button>
        </div>
      </div>
      {!answer && !failed ? (
        <Spinner label="Loading referrals…" />
      ) : (
        <table className={styles.table}>
          <caption className={styles.muted}>People who joined with your code</caption>
          <thead>
            <tr>
              <th scope="col">S/N</th>
              <th scope="col">Referree</th>
            </tr>
          </thead>
          <tbody>
            {referrals.length === 0 ? (
              <tr>
                <td colSpan={2}>{REFERRALS_EMPTY}</td>
              </tr>
            ) : (
              referrals.map((r, index) => (
                // Names only, and two referees may share one: the position is the key.
                <tr key={index}>
                  <td>{index + 1}</td>
                  <td>{fullName(r.first_name, r.last_name) || '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
