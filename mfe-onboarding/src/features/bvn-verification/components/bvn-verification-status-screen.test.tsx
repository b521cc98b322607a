import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BVN_DATA_NOT_FOUND, BVN_VERIFY_ERROR } from '@ajo/shared/messages';
import { crossAppNavigations, renderRoute, resetHost } from '@ajo/remote-kit/testing';
import { BvnVerificationStatusScreen } from './bvn-verification-status-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(resetHost);

const renderStatus = (search: string) =>
  renderRoute(<BvnVerificationStatusScreen />, `/bvn-verification-status${search}`);

describe('/bvn-verification-status', () => {
  it('goes on to /onboarding with the tid on success', () => {
    renderStatus('?status=success&tid=t-42');
    expect(screen.getByLabelText('current location')).toHaveTextContent('/onboarding?tid=t-42');
  });

  it('shows the SPEC error with links to sign up and to restart when verification failed', () => {
    renderStatus('?status=failed&tid=t-42');
    expect(screen.getByRole('alert')).toHaveTextContent(BVN_VERIFY_ERROR);
    expect(screen.getByRole('link', { name: 'Go to Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Restart BVN Verification' })).toHaveAttribute(
      'href',
      '/bvn-verification-start',
    );
    expect(screen.getByRole('link', { name: 'Restart NIN Verification' })).toHaveAttribute(
      'href',
      '/nin-verification-start',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('says no verification data was found when the customer cancelled', () => {
    renderStatus('?status=cancelled&tid=t-42');
    expect(screen.getByRole('alert')).toHaveTextContent(BVN_DATA_NOT_FOUND);
  });

  it.each(['', '?status=success', '?tid=t-42'])(
    "shows the 'Uh Oh!' page with a button home without both parameters (%s)",
    async (search) => {
      renderStatus(search);
      expect(screen.getByRole('heading', { level: 1, name: 'Uh Oh!' })).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Back to Home' }));
      await waitFor(() => expect(crossAppNavigations()).toEqual(['/']));
    },
  );
});
