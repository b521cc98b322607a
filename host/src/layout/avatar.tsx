import type { User } from '@ajo/shared/entities';
import { useState } from 'react';
import styles from './sidebar.module.css';

export function initials(user: Pick<User, 'first_name' | 'last_name'>): string {
  return `${user.first_name?.[0] ?? ''}${user.last_name?.[0] ?? ''}`.toUpperCase();
}

/**
 * SPEC §2: avatar from photo_url, otherwise initials of first and last name. Lazy: on a phone the
 * sidebar is folded away, and the photo must not cost the customer data before it is shown.
 * photo_url is a signed link that expires within minutes (the middleware's files are private): one
 * that no longer opens shows the initials.
 */
export function Avatar({ user }: { user: User | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (user?.photo_url && failed !== user.photo_url) {
    const src = user.photo_url;
    return (
      <img
        onError={() => setFailed(src)}
        className={styles.avatar}
        src={src}
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
