import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NIN_DATA_NOT_FOUND, NIN_VERIFY_ERROR } from '@ajo/shared/messages';
import { crossAppNavigations, renderRoute, resetHost } from '@ajo/remote-kit/testing';
import { ninStore } from '../nin-store';
import { NinResultScreen } from './nin-result-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const data = {
  nin: '12345678901',
  tid: 'tid nin/1',
  first_name: 'E****',
  last_name: 'E**',
  date_of_birth: '19**-**-02',
};

beforeEach(() => {
  resetHost();
  ninStore.reload();
});

const renderResult = () => renderRoute(<NinResultScreen />, '/nin-verification-start/result');

describe('NIN result page', () => {
  it('links on to /onboarding with the tid when the NIN is present', () => {
    ninStore.set(data);
    renderResult();
    expect(screen.getByRole('link', { name: 'Continue to onboarding' })).toHaveAttribute(
      'href',
      '/onboarding?tid=tid%20nin%2F1',
    );
  });

  it('links to /signup with the SPEC error when no NIN came back', () => {
    ninStore.set({ ...data, nin: '' });
    renderResult();
    expect(screen.getByRole('alert')).toHaveTextContent(NIN_VERIFY_ERROR);
    expect(screen.getByRole('link', { name: 'Go to Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Restart NIN Verification' })).toHaveAttribute(
      'href',
      '/nin-verification-start',
    );
  });

  it("shows the 'Uh Oh!' page without verification data", async () => {
    renderResult();
    expect(screen.getByRole('heading', { level: 1, name: 'Uh Oh!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(NIN_DATA_NOT_FOUND);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to Home' }));
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/']));
  });
});
