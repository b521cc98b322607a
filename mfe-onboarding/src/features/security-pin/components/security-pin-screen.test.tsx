import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@ajo/remote-kit/testing';
import { SecurityPinScreen } from './security-pin-screen';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function renderScreen() {
  renderRoute(<SecurityPinScreen />, '/security-pin');
  return userEvent.setup();
}

describe('/security-pin', () => {
  it("refuses PINs that differ with 'Security PINs do not match!'", async () => {
    const user = renderScreen();
    await user.type(screen.getByLabelText(/^Security PIN/), '1234');
    await user.type(screen.getByLabelText(/Confirm Security PIN/), '4321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Security PINs do not match!')).toBeInTheDocument();
    expect(screen.queryByLabelText('current location')).not.toBeInTheDocument();
  });

  it('asks for exactly 4 digits', async () => {
    const user = renderScreen();
    await user.type(screen.getByLabelText(/^Security PIN/), '12a');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Security PIN must be exactly 4 digits')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Security PIN/)).toHaveAttribute('maxLength', '4');
  });

  it('goes to /register with both values in navigation state and nothing in storage', async () => {
    const user = renderScreen();
    await user.type(screen.getByLabelText(/^Security PIN/), '1234');
    await user.type(screen.getByLabelText(/Confirm Security PIN/), '1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('current location')).toHaveTextContent(
      '/register {"pin":"1234","confirm_pin":"1234"}',
    );
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
