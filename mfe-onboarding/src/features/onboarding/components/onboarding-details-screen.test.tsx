import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ERROR_FETCHING_DETAILS,
  VERIFICATION_COMPLETED,
  VERIFICATION_FAILED,
  VERIFICATION_RESTART_TEXT,
} from '@ajo/shared/messages';
import {
  api,
  apiError,
  crossAppNavigations,
  renderRoute,
  resetHost,
  toasts,
} from '@ajo/remote-kit/testing';
import { ninStore } from '../../nin-verification/nin-store';
import { OnboardingDetailsScreen } from './onboarding-details-screen';

const session = { getUser: jest.fn(), loadUser: jest.fn() };
jest.mock('@ajo/remote-kit/host', () => ({
  ...jest.requireActual('@ajo/remote-kit/testing').hostModule,
  loadHostSession: async () => ({ session }),
}));
// The photo step has its own tests; here it only reports a download URL (or its removal).
jest.mock('./face-photo-capture', () => ({
  FacePhotoCapture: ({ onPhotoUrl }: { onPhotoUrl: (url: string | null) => void }) => (
    <>
      <button onClick={() => onPhotoUrl('/api/sandbox/files/images/me.jpg')}>Fake upload</button>
      <button onClick={() => onPhotoUrl(null)}>Fake recapture</button>
    </>
  ),
}));

const BVN_DETAILS = {
  first_name: 'Adaeze',
  middle_name: 'Chioma',
  surname: 'Okafor',
  gender: 'female',
  date_of_birth: '1994-03-14',
  phone_number_1: '08031234567',
  bvn: '22212345678',
  nin: null,
};

beforeEach(() => {
  resetHost();
  session.getUser.mockReset().mockReturnValue(null);
  session.loadUser.mockReset().mockResolvedValue({ phone_number: '2348011112222' });
  ninStore.reload();
});

function renderOnboarding(search = '?tid=tid-1') {
  renderRoute(<OnboardingDetailsScreen />, `/onboarding${search}`);
  return userEvent.setup();
}

const next = () => screen.getByRole('button', { name: 'Next' });

describe('/onboarding?tid=', () => {
  it('shows the identity behind the tid read-only', async () => {
    api.get.mockResolvedValue({ status: 200, data: { data: BVN_DETAILS } });
    renderOnboarding();
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Adaeze');
    expect(api.get).toHaveBeenCalledWith('/bvn/details', { params: { tid: 'tid-1' } });
    for (const [label, value] of [
      ['Last name', 'Okafor'],
      ['Middle name', 'Chioma'],
      ['Gender', 'female'],
      ['Date of birth', '1994-03-14'],
      ['Phone number', '08031234567'],
      ['BVN', '22212345678'],
    ]) {
      expect(screen.getByRole('textbox', { name: label })).toHaveValue(value);
      expect(screen.getByRole('textbox', { name: label })).toHaveAttribute('readonly');
    }
  });

  it('labels the number NIN for an identity from the NIN flow and shows the account phone', async () => {
    api.get.mockResolvedValue({
      status: 200,
      data: { data: { ...BVN_DETAILS, phone_number_1: null, bvn: null, nin: '12345678901' } },
    });
    const user = renderOnboarding();
    expect(await screen.findByRole('textbox', { name: 'NIN' })).toHaveValue('12345678901');
    // The NIN provider returns no phone: the signed-in customer's own number stands in.
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('08011112222');
    await user.click(screen.getByRole('button', { name: 'Fake upload' }));
    expect(next()).toBeEnabled();
  });

  it('keeps Next disabled when no phone can be found at all', async () => {
    session.loadUser.mockRejectedValue(new Error('offline'));
    api.get.mockResolvedValue({
      status: 200,
      data: { data: { ...BVN_DETAILS, phone_number_1: null, bvn: null, nin: '12345678901' } },
    });
    const user = renderOnboarding();
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Fake upload' }));
    expect(next()).toBeDisabled();
  });

  it('enables Next only once every detail and the photo URL are present', async () => {
    api.get.mockResolvedValue({ status: 200, data: { data: BVN_DETAILS } });
    const user = renderOnboarding();
    await screen.findByRole('textbox', { name: 'First name' });
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Fake upload' }));
    expect(next()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Fake recapture' }));
    expect(next()).toBeDisabled();
  });

  it('keeps Next disabled when a detail is missing, even with a photo', async () => {
    api.get.mockResolvedValue({ status: 200, data: { data: { ...BVN_DETAILS, gender: '' } } });
    const user = renderOnboarding();
    await screen.findByRole('textbox', { name: 'First name' });
    await user.click(screen.getByRole('button', { name: 'Fake upload' }));
    expect(next()).toBeDisabled();
  });

  it('activates the account, forgets NIN data and goes to /dashboard', async () => {
    ninStore.set({ nin: '1', tid: 'tid-1', first_name: 'A', last_name: 'B', date_of_birth: 'x' });
    api.get.mockResolvedValue({ status: 200, data: { data: BVN_DETAILS } });
    api.post.mockResolvedValue({ status: 200, data: { message: VERIFICATION_COMPLETED } });
    const user = renderOnboarding();
    await screen.findByRole('textbox', { name: 'First name' });
    await user.click(screen.getByRole('button', { name: 'Fake upload' }));
    await user.click(next());
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/dashboard']));
    expect(api.post).toHaveBeenCalledWith('/verify-user', {
      photo_url: '/api/sandbox/files/images/me.jpg',
      tid: 'tid-1',
    });
    expect(toasts()).toEqual([['success', VERIFICATION_COMPLETED]]);
    expect(ninStore.get()).toBeNull();
  });

  it.each([
    [
      'the server message',
      apiError(409, 'This BVN is already linked to another account.'),
      'This BVN is already linked to another account.',
    ],
    [
      'plain server data',
      { status: 500, message: 'HTTP 500', data: 'Ledger unavailable' },
      'Ledger unavailable',
    ],
    ['the SPEC fallback', apiError(500), VERIFICATION_FAILED],
  ])('shows %s when activation fails and stays', async (_n, failure, message) => {
    api.get.mockResolvedValue({ status: 200, data: { data: BVN_DETAILS } });
    api.post.mockRejectedValue(failure);
    const user = renderOnboarding();
    await screen.findByRole('textbox', { name: 'First name' });
    await user.click(screen.getByRole('button', { name: 'Fake upload' }));
    await user.click(next());
    await waitFor(() => expect(toasts()).toEqual([['error', message]]));
    expect(crossAppNavigations()).toEqual([]);
    expect(next()).toBeEnabled();
  });

  it('shows the SPEC error and restart links when the details cannot be fetched', async () => {
    api.get.mockRejectedValue(
      apiError(
        404,
        'Verification data not found! Kindly ensure you have provided the correct BVN and try again.',
      ),
    );
    renderOnboarding();
    expect(
      await screen.findByRole('heading', { level: 1, name: ERROR_FETCHING_DETAILS }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFICATION_RESTART_TEXT);
    expect(screen.getByRole('link', { name: 'Restart BVN Verification' })).toHaveAttribute(
      'href',
      '/bvn-verification-start',
    );
    expect(screen.getByRole('link', { name: 'Restart NIN Verification' })).toHaveAttribute(
      'href',
      '/nin-verification-start',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() =>
      expect(toasts()).toEqual([
        [
          'error',
          'Verification data not found! Kindly ensure you have provided the correct BVN and try again.',
        ],
      ]),
    );
  });

  it('treats details that do not parse as a fetch error', async () => {
    api.get.mockResolvedValue({ status: 200, data: { data: { first_name: 'A' } } });
    renderOnboarding();
    expect(
      await screen.findByRole('heading', { level: 1, name: ERROR_FETCHING_DETAILS }),
    ).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_FETCHING_DETAILS]]));
  });

  it('does not call the server without a tid', () => {
    renderOnboarding('');
    expect(
      screen.getByRole('heading', { level: 1, name: ERROR_FETCHING_DETAILS }),
    ).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });
});
