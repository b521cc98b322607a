import { render, screen, within } from '@testing-library/react';
import { resetHost } from '@ajo/remote-kit/testing';
import { serveAppConfig } from '../../public-config/serve-app-config';
import { LandingPage } from './landing-page';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => resetHost());

describe('landing page (SPEC §2)', () => {
  it('has the headline, Get started, Login and the three blurbs', async () => {
    serveAppConfig({ apiBaseUrl: '/api', encryptionSecret: 'x', bankName: 'B' });
    render(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    for (const blurb of ['Pay bills', 'Send money', 'Agency banking']) {
      expect(screen.getByRole('heading', { name: blurb })).toBeInTheDocument();
    }
    expect(await screen.findByText('B')).toBeInTheDocument();
  });

  it('ends with who holds the money, the legal and help links and the app stores, from configuration', async () => {
    serveAppConfig({
      apiBaseUrl: '/api',
      encryptionSecret: 'x',
      bankName: 'Lagos Trust MFB',
      bankLicence: 'Licensed by the CBN, RC 123456',
      androidStoreUrl: 'https://play.example/ajo',
      iosStoreUrl: 'https://apple.example/ajo',
    });
    render(<LandingPage />);
    const footer = screen.getByRole('region', { name: 'About Ajo Wallet' });
    expect(await within(footer).findByText('Lagos Trust MFB')).toBeInTheDocument();
    expect(footer).toHaveTextContent(
      'Your money is held by Lagos Trust MFB. Licensed by the CBN, RC 123456.',
    );
    const link = (name: string) => within(footer).getByRole('link', { name });
    expect(link('Terms and conditions')).toHaveAttribute('href', '/terms-and-conditions/account');
    expect(link('Privacy policy')).toHaveAttribute(
      'href',
      '/terms-and-conditions/account#data-protection',
    );
    expect(link('FAQ')).toHaveAttribute('href', '/faq');
    expect(link('support@ajowallet.ng')).toHaveAttribute('href', 'mailto:support@ajowallet.ng');
    expect(link('Get it on Google Play')).toHaveAttribute('href', 'https://play.example/ajo');
    expect(link('Download on the App Store')).toHaveAttribute('href', 'https://apple.example/ajo');
  });

  it('keeps the footer whole with the defaults when the configuration cannot load', async () => {
    serveAppConfig(new Error('offline'));
    render(<LandingPage />);
    expect(await screen.findByText('Ajo Microfinance Bank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/play\.google\.com\//),
    );
  });
});
