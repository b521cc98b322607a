import type { User } from '@ajo/shared/entities';
import styles from './sidebar.module.css';

export function initials(user: Pick<User, 'first_name' | 'last_name'>): string {
  return `${user.first_name?.[0] ?? ''}${user.last_name?.[0] ?? ''}`.toUpperCase();
}

/**
 * SPEC §2: avatar from photo_url, otherwise initials of first and last name. Lazy: on a phone the
 * sidebar is folded away, and the photo must not cost the customer data before it is shown.
 */
export function Avatar({ user }: { user: User | null }) {
  if (user?.photo_url) {
    return (
      <img
        className={styles.avatar}
        src={user.photo_url}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={styles.avatar} aria-hidden="true">
      {user ? initials(user) : '?'}
    </span>
  );
}
