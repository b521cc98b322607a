import { useCurrentUser } from '@ajo/remote-kit/use-current-user';

const TITLE = 'Debit card';

/** The remote's first screen: replace its content with the feature's own. */
export function CardsScreen() {
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="cards-title">
      <h1 id="cards-title">{TITLE}</h1>
      {user ? (
        <p>
          Signed in as {user.first_name} {user.last_name}.
        </p>
      ) : (
        <p role="status">Loading your details…</p>
      )}
    </section>
  );
}
