import type { User } from '@ajo/shared/entities';
import { fullName, initials } from '@ajo/shared/format';
import styles from '../settings.module.css';
import { toLocalPhone } from '@ajo/shared/schemas';

/** SPEC §2 General: read-only name, phone, address and avatar (photo, else initials). */
export function GeneralTab({ user }: { user: User }) {
  const name = fullName(user.first_name, user.last_name);
  return (
    <section className={styles.section} aria-labelledby="settings-general">
      <h2 id="settings-general">General</h2>
      {user.photo_url ? (
        <img
          className={styles.avatar}
          src={user.photo_url}
          alt={`Photo of ${name}`}
          width={72}
          height={72}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.avatar} role="img" aria-label={`Initials of ${name}`}>
          {initials(user.first_name, user.last_name)}
        </span>
      )}
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{name || '—'}</dd>
        <dt>Phone number</dt>
        <dd>{toLocalPhone(user.phone_number)}</dd>
        <dt>Address</dt>
        <dd>{user.address || '—'}</dd>
      </dl>
    </section>
  );
}
