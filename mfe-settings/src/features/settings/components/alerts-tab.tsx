import { useEffect, useState } from 'react';
import type { User } from '@ajo/shared/entities';
import { Checkbox, Spinner } from '@ajo/shared/ui';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { fetchAlertChannels, saveAlertChannels, type AlertChannels } from '../alert-channels-api';
import styles from '../settings.module.css';

export const ALERT_CHANNELS_SAVED = 'Your alert choices are saved.';
export const ALERT_CHANNELS_LOAD_FAILED = 'We could not load your alert choices. Please try again.';
export const ALERT_CHANNELS_SAVE_FAILED = 'We could not save your alert choices. Please try again.';

/**
 * Where debit and credit alerts go (docs/decisions/033-alerts-derived-from-the-ledger.md): SMS and
 * e-mail switches, saved at once. Every alert is listed in the app's Alerts screen whatever is chosen.
 */
export function AlertsTab({ user }: { user: User }) {
  const [channels, setChannels] = useState<AlertChannels | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    fetchAlertChannels(user.id)
      .then((loaded) => current && setChannels(loaded))
      .catch(
        (error: unknown) => current && setProblem(errorMessage(error, ALERT_CHANNELS_LOAD_FAILED)),
      );
    return () => {
      current = false;
    };
  }, [user.id]);

  const choose = async (change: Partial<Pick<AlertChannels, 'sms' | 'email'>>) => {
    if (!channels) return;
    setSaving(true);
    setProblem(null);
    try {
      const saved = await saveAlertChannels(user.id, {
        sms: change.sms ?? channels.sms,
        email: change.email ?? channels.email,
      });
      setChannels(saved);
      void showToast('success', ALERT_CHANNELS_SAVED);
    } catch (error) {
      setProblem(errorMessage(error, ALERT_CHANNELS_SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="settings-alerts">
      <h2 id="settings-alerts">Alerts</h2>
      <p>
        A debit or credit alert goes out for every movement of your money, with the amount, the
        balance after, the narration and the reference. Choose where it goes; the Alerts screen of
        your dashboard lists every alert.
      </p>
      {problem && <p role="alert">{problem}</p>}
      {channels ? (
        <div className={styles.form}>
          <Checkbox
            role="switch"
            label="SMS alerts"
            checked={channels.sms}
            disabled={saving}
            onChange={(event) => void choose({ sms: event.target.checked })}
          />
          <Checkbox
            role="switch"
            label="E-mail alerts"
            checked={channels.email}
            disabled={saving}
            hint={
              channels.has_email
                ? undefined
                : 'Add an e-mail address to your profile to receive e-mail alerts.'
            }
            onChange={(event) => void choose({ email: event.target.checked })}
          />
        </div>
      ) : (
        !problem && <Spinner label="Loading your alert choices…" />
      )}
    </section>
  );
}
