import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { crossAppNavigations, resetHost } from '@ajo/remote-kit/testing';
import { NotActivatedPage } from './not-activated-page';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => resetHost());

describe('not-activated screen (SPEC §4 / §8)', () => {
  it('shows the SPEC message word for word', () => {
    render(<NotActivatedPage />);
    expect(
      screen.getByText(
        'Sorry this account has not yet been activated. Please contact support for more info.',
      ),
    ).toBeInTheDocument();
  });

  it('links to /verify (the onboarding remote) to finish identity verification', async () => {
    render(<NotActivatedPage />);
    const link = screen.getByRole('link', { name: 'Complete your identity verification' });
    expect(link).toHaveAttribute('href', '/verify');
    await userEvent.click(link);
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/verify']));
  });
});
