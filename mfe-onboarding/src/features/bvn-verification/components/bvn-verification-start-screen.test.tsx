import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BVN_VERIFY_ERROR } from '@ajo/shared/messages';
import { api, apiError, renderRoute, resetHost } from '@ajo/remote-kit/testing';
import { redirectBrowser } from '@ajo/remote-kit/browser-redirect';
import { BvnVerificationStartScreen } from './bvn-verification-start-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);
jest.mock('@ajo/remote-kit/browser-redirect', () => ({
  ...jest.requireActual('@ajo/remote-kit/browser-redirect'),
  redirectBrowser: jest.fn(),
}));

const redirect = jest.mocked(redirectBrowser);

beforeEach(() => {
  resetHost();
  redirect.mockReset();
});

describe('/bvn-verification-start', () => {
  it('asks for the consent page once and sends the browser there', async () => {
    api.get.mockResolvedValue({
      status: 200,
      data: { redirectUrl: '/api/sandbox/identity/bvn-consent/s-1' },
    });
    renderRoute(<BvnVerificationStartScreen />, '/bvn-verification-start');
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting…');
    await waitFor(() =>
      // replace: Back from the consent page returns to /verify, not into this redirect.
      expect(redirect).toHaveBeenCalledWith('/api/sandbox/identity/bvn-consent/s-1', {
        replace: true,
      }),
    );
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get).toHaveBeenCalledWith('/bvn/start', { params: { channel: 'web' } });
  });

  it('shows the server message (e.g. already verified) and retries on request', async () => {
    api.get.mockRejectedValueOnce(apiError(409, 'Your identity has already been verified.'));
    renderRoute(<BvnVerificationStartScreen />, '/bvn-verification-start');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your identity has already been verified.',
    );
    expect(redirect).not.toHaveBeenCalled();

    api.get.mockResolvedValueOnce({ status: 200, data: { redirectUrl: '/consent/2' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/consent/2', { replace: true }));
  });

  it('falls back to the SPEC message and never follows a script URL', async () => {
    api.get.mockResolvedValue({ status: 200, data: { redirectUrl: 'javascript:alert(1)' } });
    renderRoute(<BvnVerificationStartScreen />, '/bvn-verification-start');
    expect(await screen.findByRole('alert')).toHaveTextContent(BVN_VERIFY_ERROR);
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
