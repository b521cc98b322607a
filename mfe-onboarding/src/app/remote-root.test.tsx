import { render, screen } from '@testing-library/react';
import { RemoteRoot } from './remote-root';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => localStorage.setItem('phone_number', '2348012345678'));

describe('onboarding routes', () => {
  it.each([
    ['/signup', 'Sign up'],
    ['/otp', 'OTP Verification'],
    ['/security-pin/step', 'Set Security PIN'],
    // Without the PINs from /security-pin in navigation state, /register goes back there.
    ['/register', 'Set Security PIN'],
    ['/verify/step', 'Verify Details'],
    // Without ?tid= there are no details to fetch (SPEC §8 'Error fetching details').
    ['/onboarding/step', 'Error fetching details'],
    ['/bvn-verification-start/step', 'BVN Verification'],
    // Without status and tid, SPEC §2's error page.
    ['/bvn-verification-status/step', 'Uh Oh!'],
    ['/nin-verification-start/step', 'Start NIN Verification'],
    ['/nin-verification-start/result', 'Uh Oh!'],
    ['/forgot-pin', 'Reset Security PIN'],
  ])('renders the screen heading on %s', async (path, heading) => {
    window.history.pushState(null, '', path);
    render(<RemoteRoot />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('renders nothing on a path it does not own', () => {
    window.history.pushState(null, '', '/somewhere-else');
    const { container } = render(<RemoteRoot />);
    expect(container).toBeEmptyDOMElement();
  });
});
