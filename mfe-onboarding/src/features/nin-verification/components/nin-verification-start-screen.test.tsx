import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NIN_INVALID, NIN_VERIFY_ERROR } from '@ajo/shared/messages';
import { api, apiError, renderRoute, resetHost, toasts } from '@ajo/remote-kit/testing';
import { ninStore } from '../nin-store';
import { NinVerificationStartScreen } from './nin-verification-start-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const verificationData = {
  nin: '12345678901',
  tid: 'tid-nin-1',
  first_name: 'E****',
  last_name: 'E**',
  date_of_birth: '19**-**-02',
};

beforeEach(() => {
  resetHost();
  ninStore.reload();
});

function renderStart() {
  renderRoute(<NinVerificationStartScreen />, '/nin-verification-start');
  return userEvent.setup();
}

const ninInput = () => screen.getByRole('textbox', { name: 'NIN' });
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('/nin-verification-start form', () => {
  it('shows the SPEC title, text, placeholder and hint', () => {
    renderStart();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Start NIN Verification' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please, provide your NIN to proceed.')).toBeInTheDocument();
    expect(ninInput()).toHaveAttribute('placeholder', 'Enter NIN');
    expect(ninInput()).toHaveAttribute('inputmode', 'numeric');
    expect(ninInput()).toHaveAttribute('maxLength', '11');
    expect(screen.getByText('Numbers only')).toBeInTheDocument();
  });

  it('keeps Submit disabled until 11 digits are typed', async () => {
    const user = renderStart();
    expect(submit()).toBeDisabled();
    await user.type(ninInput(), '1234567890');
    expect(submit()).toBeDisabled();
    await user.type(ninInput(), '1');
    expect(submit()).toBeEnabled();
    await user.clear(ninInput());
    await user.type(ninInput(), '1234567890a');
    expect(submit()).toBeDisabled();
  });

  it('styles the field neither way when empty, invalid while wrong and valid once right', async () => {
    const user = renderStart();
    expect(ninInput()).not.toHaveClass('valid');
    expect(ninInput()).not.toHaveClass('invalid');
    await user.type(ninInput(), '123');
    expect(ninInput()).toHaveClass('invalid');
    expect(ninInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(NIN_INVALID)).toBeInTheDocument();
    await user.type(ninInput(), '45678901');
    expect(ninInput()).toHaveClass('valid');
    expect(ninInput()).not.toHaveAttribute('aria-invalid');
  });

  it('stores the answer and shows the masked holder details', async () => {
    api.get.mockResolvedValue({ status: 200, data: verificationData });
    const user = renderStart();
    await user.type(ninInput(), '12345678901');
    await user.click(submit());
    expect(await screen.findByText('E****')).toBeInTheDocument();
    expect(screen.getByText('19**-**-02')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/nin/start', {
      params: { channel: 'web', nin: '12345678901' },
    });
    expect(ninStore.get()).toEqual(verificationData);
    expect(JSON.parse(sessionStorage.getItem('nin.verificationData') ?? 'null')).toEqual(
      verificationData,
    );
  });

  it.each([
    [
      'the server message',
      apiError(404, 'NIN not found. Please check the number and try again.'),
      'NIN not found. Please check the number and try again.',
    ],
    ['the SPEC fallback without one', apiError(0), NIN_VERIFY_ERROR],
  ])('toasts %s and stays on the form when the NIN is refused', async (_n, failure, message) => {
    api.get.mockRejectedValue(failure);
    const user = renderStart();
    await user.type(ninInput(), '12012345678');
    await user.click(submit());
    await waitFor(() => expect(toasts()).toEqual([['error', message]]));
    expect(ninInput()).toHaveValue('12012345678');
    expect(ninStore.get()).toBeNull();
  });
});

describe('/nin-verification-start follow-on view', () => {
  it('shows the held data after a reload and continues to the NIN result page', async () => {
    sessionStorage.setItem('nin.verificationData', JSON.stringify(verificationData));
    ninStore.reload();
    const user = renderStart();
    expect(screen.queryByRole('textbox', { name: 'NIN' })).not.toBeInTheDocument();
    expect(screen.getByText('12345678901')).toBeInTheDocument();
    expect(screen.getByText('E**')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('current location')).toHaveTextContent(
      '/nin-verification-start/result',
    );
  });

  it('goes back to the form with a different NIN', async () => {
    act(() => ninStore.set(verificationData));
    const user = renderStart();
    await user.click(screen.getByRole('button', { name: 'Use a different NIN' }));
    expect(ninInput()).toHaveValue('');
    expect(ninStore.get()).toBeNull();
  });
});
