import type { User } from '@ajo/shared/entities';
import { Avatar } from './avatar';
import { NavLink } from './nav-link';
import { isCurrentLink, sidebarGroups } from './sidebar-links';
import styles from './sidebar.module.css';

export interface SidebarProps {
  id: string;
  pathname: string;
  open: boolean;
  user: User | null;
  loadingUser: boolean;
  onSignOut: () => void;
  onNavigate: () => void;
}

export function Sidebar({
  id,
  pathname,
  open,
  user,
  loadingUser,
  onSignOut,
  onNavigate,
}: SidebarProps) {
  const fullName = user ? `${user.first_name} ${user.last_name}` : 'Account';
  return (
    <aside
      id={id}
      className={`${styles.sidebar} ${open ? styles.open : ''}`}
      aria-label="Dashboard"
    >
      <div className={styles.profile} aria-busy={loadingUser}>
        <Avatar user={user} />
        {loadingUser ? (
          <span className={styles.spinner} role="status">
            <span className="ajo-visually-hidden">Loading user</span>
          </span>
        ) : (
          <span className={styles.name}>{fullName}</span>
        )}
      </div>
      <nav aria-label="Dashboard menu">
        {sidebarGroups().map((group) => (
          <section key={group.title} className={styles.group}>
            <h2 className={styles.groupTitle}>{group.title}</h2>
            <ul className={styles.list}>
              {group.links.map((link) => {
                const current = isCurrentLink(link, pathname);
                return (
                  <li key={link.href}>
                    <NavLink
                      href={link.href}
                      className={`${styles.link} ${current ? styles.current : ''}`}
                      aria-current={current ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      {link.label}
                      {current && (
                        <span
                          className={styles.badge}
                          data-testid="current-badge"
                          aria-hidden="true"
                        />
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </nav>
      <button type="button" className={styles.signout} onClick={onSignOut}>
        Signout
      </button>
    </aside>
  );
}
