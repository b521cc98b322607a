import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { redirectBrowser } from '@ajo/remote-kit/browser-redirect';
import { api, apiError, resetHost, toasts } from '@ajo/remote-kit/testing';
import { serveAppConfig } from '../../public-config/serve-app-config';
import { ReferralPage } from './referral-page';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);
jest.mock('@ajo/remote-kit/browser-redirect', () => ({
  ...jest.requireActual('@ajo/remote-kit/browser-redirect'),
  redirectBrowser: jest.fn(),
}));

const ANDROID = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/120 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

function renderAt(code = 'ada12345') {
  return render(
    <MemoryRouter
      initialEntries={[`/referral/${code}`]}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      <Routes>
        <Route path="/referral/:code" element={<ReferralPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetHost();
  jest.mocked(redirectBrowser).mockReset();
  serveAppConfig({
    apiBaseUrl: '/api',
    encryptionSecret: 'x',
    bankName: 'Ajo Sandbox Bank',
    androidStoreUrl: 'https://play.example/ajo',
    iosStoreUrl: 'https://apple.example/ajo',
  });
  api.get.mockResolvedValue({ status: 200, data: { message: 'ok', data: { referrer: 'Ada O.' } } });
  api.post.mockResolvedValue({
    status: 201,
    data: { message: 'Thank you! Your invitation has been recorded.' },
  });
  setUserAgent(DESKTOP);
});

async function submitPhone(phone = '08031234567') {
  await userEvent.type(await screen.findByRole('textbox', { name: /Phone number/ }), phone);
  await userEvent.click(screen.getByRole('button', { name: 'Download & Enjoy' }));
}

describe('referral landing (SPEC §2)', () => {
  it('shows who invited, the form, the benefits box and the terms link, and keeps the code', async () => {
    renderAt();
    expect(
      await screen.findByRole('heading', { name: 'Ada O. invited you to join the fun' }),
    ).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/referral/ada12345');
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    expect(phone).toHaveAttribute('placeholder', '08012345678');
    expect(screen.getByText('Numbers only, like 08023456789')).toBeInTheDocument();
    for (const benefit of ['Welcome Bonus', 'Fast & Smooth Bill Payment', 'Security at its Peak']) {
      expect(screen.getByRole('heading', { name: benefit })).toBeInTheDocument();
    }
    expect(screen.getByText(/up to NGN250/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Referral reward terms/ })).toHaveAttribute(
      'href',
      '/terms-and-conditions/referrals',
    );
    expect(sessionStorage.getItem('referral_code')).toBe('ADA12345');
  });

  it('sends the number in the 234 form and sends an Android phone to the Play Store', async () => {
    setUserAgent(ANDROID);
    renderAt();
    await submitPhone();
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith('https://play.example/ajo'));
    expect(api.post).toHaveBeenCalledWith('/referral', {
      referral_code: 'ada12345',
      phone_number: '2348031234567',
    });
  });

  it('sends an iPhone to the App Store', async () => {
    setUserAgent(IPHONE);
    renderAt();
    await submitPhone();
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith('https://apple.example/ajo'));
  });

  it('keeps a desktop visitor on the page and offers sign-up with the code kept', async () => {
    renderAt();
    await submitPhone();
    expect(
      await screen.findByText('Thank you! Your invitation has been recorded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up on the web' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(redirectBrowser).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('referral_code')).toBe('ADA12345');
  });

  it('refuses a malformed number without calling the server', async () => {
    renderAt();
    await submitPhone('0803');
    expect(
      await screen.findByText('Enter 0 followed by 10 digits, e.g. 08012345678'),
    ).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows the server's message as an info toast, else 'An error occurred'", async () => {
    api.post.mockRejectedValueOnce(
      apiError(409, 'This phone number already has an account. Please log in instead.'),
    );
    api.post.mockRejectedValueOnce(apiError(503));
    renderAt();
    await submitPhone();
    await waitFor(() =>
      expect(toasts()).toEqual([
        ['info', 'This phone number already has an account. Please log in instead.'],
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download & Enjoy' }));
    await waitFor(() => expect(toasts()[1]).toEqual(['info', 'An error occurred']));
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('08031234567');
  });

  it('shows a clear page for an unknown code, and stores nothing', async () => {
    api.get.mockRejectedValue(apiError(404, 'This referral code does not exist.'));
    renderAt('nosuch');
    expect(
      await screen.findByRole('heading', { name: 'This invitation link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This referral code does not exist.');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(sessionStorage.getItem('referral_code')).toBeNull();
  });

  it('still offers the form with a toast when the lookup fails for another reason', async () => {
    api.get.mockRejectedValue(apiError(0));
    renderAt();
    expect(
      await screen.findByRole('heading', { name: 'Your friend invited you to join the fun' }),
    ).toBeInTheDocument();
    expect(toasts()).toEqual([['info', 'An error occurred']]);
  });
});
