import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, crossAppNavigations, resetHost } from '@ajo/remote-kit/testing';
import { RemoteRoot } from './remote-root';
import { isLandingPath } from './public-paths';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => {
  resetHost();
  api.get.mockResolvedValue({ status: 200, data: { message: 'ok', data: { referrer: 'Ada O.' } } });
});

describe('public pages routes', () => {
  it.each([
    ['/faq', 'Frequently Asked Questions'],
    ['/terms-and-conditions/account', 'Account Terms and Privacy Policy'],
    ['/terms-and-conditions/referrals', 'Referral Reward Terms'],
    ['/terms-and-conditions/cards', 'Debit Card Terms'],
    ['/referral/ABC123', 'Ada O. invited you to join the fun'],
    ['/not-activated', 'Account not activated'],
    ['/error', 'Something went wrong'],
    ['/ui-catalogue', 'UI catalogue'],
  ])('renders the screen heading on %s', async (path, heading) => {
    window.history.pushState(null, '', path);
    render(<RemoteRoot />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/', '/terms-and-conditions', '/no-such-page', '/referral'])(
    'falls back to the landing page on %s',
    (path) => {
      window.history.pushState(null, '', path);
      render(<RemoteRoot />);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/pay bills, send money/i);
    },
  );

  it('shows the landing actions and the three blurbs', () => {
    window.history.pushState(null, '', '/');
    render(<RemoteRoot />);
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const blurbs = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(blurbs).toEqual(['Pay bills', 'Send money', 'Agency banking']);
  });

  it('moves from the landing page to the FAQ when the URL changes', async () => {
    window.history.pushState(null, '', '/');
    render(<RemoteRoot />);
    act(() => {
      window.history.pushState(null, '', '/faq');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(
      await screen.findByRole('heading', { name: 'Frequently Asked Questions' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['Get started', '/signup'],
    ['Login', '/login'],
  ])('%s asks the host to go to %s, without a page load', async (name, path) => {
    window.history.pushState(null, '', '/');
    render(<RemoteRoot />);
    await userEvent.click(screen.getByRole('link', { name }));
    await waitFor(() => expect(crossAppNavigations()).toEqual([path]));
    // The host follows the bus event; the remote itself never touches the URL.
    expect(window.location.pathname).toBe('/');
  });
});

describe('isLandingPath', () => {
  it("treats only this remote's own pages as routed", () => {
    expect(isLandingPath('/faq')).toBe(false);
    expect(isLandingPath('/referral/XYZ')).toBe(false);
    expect(isLandingPath('/terms-and-conditions')).toBe(true);
    expect(isLandingPath('/faqs')).toBe(true);
  });
});
