import { act, render, screen, waitFor } from '@testing-library/react';
import type { User } from '@ajo/shared/entities';
import { busEvents, resetHost, session } from './testing';
import { ENTRY_USER_MAX_AGE_MS, useCurrentUser } from './use-current-user';

jest.mock('./host', () => jest.requireActual('./testing').hostModule);

const ada = { id: 7, first_name: 'Ada', last_name: 'Obi', wallets: [] } as unknown as User;

function Name() {
  const { user } = useCurrentUser();
  return <p>{user ? user.first_name : 'nobody yet'}</p>;
}

beforeEach(() => {
  resetHost();
  session.setUser(null);
  session.loadUser.mockImplementation(async () => {
    session.setUser(ada);
    return ada;
  });
});

describe('useCurrentUser', () => {
  it('takes the user the shell has just loaded on entry, and asks the server again when money moves', async () => {
    render(<Name />);
    expect(await screen.findByText('Ada')).toBeVisible();
    // On entry: fresh enough is enough (no second GET /users/{id} behind the shell's).
    expect(session.loadUser).toHaveBeenCalledTimes(1);
    expect(session.loadUser).toHaveBeenLastCalledWith({ maxAgeMs: ENTRY_USER_MAX_AGE_MS });
    expect(ENTRY_USER_MAX_AGE_MS).toBeLessThanOrEqual(15_000);

    act(() => busEvents.next({ type: 'wallets-changed', walletAccountNumber: '1100000001' }));
    await waitFor(() => expect(session.loadUser).toHaveBeenCalledTimes(2));
    // Balances changed: always the server's answer.
    expect(session.loadUser).toHaveBeenLastCalledWith(undefined);
  });
});
