import { act, render, screen } from '@testing-library/react';
import { customer, resetHost, session } from '@ajo/remote-kit/testing';
import { CardsScreen } from './cards-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => resetHost());

describe('CardsScreen', () => {
  it('says it is loading until the host knows the customer, then names them', async () => {
    render(<CardsScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your details…');
    act(() => session.setUser(customer({ first_name: 'Chidi', last_name: 'Eze' })));
    expect(await screen.findByText('Signed in as Chidi Eze.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
