import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  api,
  apiError,
  crossAppNavigations,
  customer,
  resetHost,
  session,
  toasts,
} from '@ajo/remote-kit/testing';
import { SettingsScreen } from './settings-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const LIMITS = { tier: 2, remainingToday: 200_000, dailyLimit: 200_000, maxBalance: 500_000 };
const TYPES = [
  { id: 1, name: 'International Passport' },
  { id: 32, name: 'Proof of Residence' },
];
let documents: unknown[] = [];
const signOut = jest.fn();

function Where() {
  const location = useLocation();
  return <output aria-label="current location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  const [pathname = url, search = ''] = url.split('?');
  return render(
    <MemoryRouter
      initialEntries={[{ pathname, search: search ? `?${search}` : '' }]}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      <Routes>
        <Route path="/settings" element={<SettingsScreen />} />
        <Route path="/settings/delete-account" element={<SettingsScreen />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetHost();
  documents = [];
  signOut.mockReset();
  (session as unknown as { signOut: () => void }).signOut = signOut;
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer({ bvn: null, email: 'ada@example.com' }));
    return customer();
  });
  api.get.mockImplementation(async (url: string) => {
    if (url === '/transfers/limits') return { status: 200, data: LIMITS };
    if (url === '/identity-documents') return { status: 200, data: { documents: TYPES } };
    if (url.startsWith('/referrals/'))
      return { status: 200, data: { referrals: [], count: 0, message: 'none' } };
    throw apiError(404);
  });
  api.encrypted.post.mockImplementation(async (url: string) => {
    if (url.endsWith('/get-identity-documents')) return { status: 200, data: { documents } };
    throw apiError(404);
  });
});

describe('settings screen', () => {
  it('shows the non-commission wallets, Back to Dashboard and the seven tabs; the tab lives in the URL', async () => {
    const user = userEvent.setup();
    renderAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const wallets = await screen.findByRole('list', { name: 'Your wallets' });
    expect(within(wallets).getByText('1100000001')).toBeInTheDocument();
    expect(within(wallets).queryByText('1100000004')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'General',
      'Security',
      'KYC',
      'Transaction Pin',
      'Referrals',
      'Generate Statement',
      'Alerts',
      'More',
    ]);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('1 Marina, Lagos')).toBeInTheDocument();
    expect(screen.getByText('08012345678')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByLabelText('current location')).toHaveTextContent('/settings?tab=security');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByLabelText('New security PIN')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Forgot your security pin?' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    await user.click(screen.getByRole('tab', { name: 'More' }));
    expect(screen.getByLabelText('current location')).toHaveTextContent('/settings/delete-account');
  });

  it("shows the customer's photo on General, else the initials of their name", async () => {
    session.loadUser.mockImplementation(async () => {
      session.setUser(customer({ photo_url: '/api/sandbox/files/users/7/images/face.jpg' }));
      return customer();
    });
    const { unmount } = renderAt('/settings');
    expect(await screen.findByRole('img', { name: 'Photo of Ada Obi' })).toHaveAttribute(
      'src',
      '/api/sandbox/files/users/7/images/face.jpg',
    );
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    unmount();

    session.loadUser.mockImplementation(async () => {
      session.setUser(customer({ photo_url: null }));
      return customer();
    });
    renderAt('/settings');
    expect(await screen.findByRole('img', { name: 'Initials of Ada Obi' })).toHaveTextContent('AO');
  });

  it('opens the More tab on /settings/delete-account and a tab named in ?tab=', async () => {
    renderAt('/settings/delete-account');
    expect(await screen.findByRole('tab', { name: 'More' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Delete Account' })).toBeInTheDocument();
  });
});

describe('KYC tab', () => {
  it("shows 'Not Available', the tier, and 'not available' lists; the BVN modal follows SPEC §5 and §8", async () => {
    const user = userEvent.setup();
    renderAt('/settings?tab=kyc');
    expect(await screen.findByText('Not Available')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Account level: Tier 2' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('not available')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update BVN' });
    const submit = within(dialog).getByRole('button', { name: 'Update BVN' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('BVN'), '12345');
    await user.click(submit);
    expect(
      await within(dialog).findByText('invalid bvn. Should be a string of eleven digits'),
    ).toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalledWith(
      expect.stringContaining('update-bvn'),
      expect.anything(),
    );

    api.encrypted.post.mockImplementationOnce(async () => {
      throw apiError(400, 'invalid bvn. Should be a string of eleven digits');
    });
    await user.clear(within(dialog).getByLabelText('BVN'));
    await user.type(within(dialog).getByLabelText('BVN'), '22212345678');
    await user.click(submit);
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        'error',
        'Error Updating BVN : BVN Should be a string of eleven digits',
      ]),
    );
    api.encrypted.post.mockImplementationOnce(async () => {
      throw apiError(500);
    });
    await user.click(submit);
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Error Updating BVN']));

    api.encrypted.post.mockImplementationOnce(async () => ({
      status: 200,
      data: { message: 'Your BVN has been updated.' },
    }));
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('bvn-value')).toHaveTextContent('222******78'));
    expect(api.encrypted.post).toHaveBeenCalledWith('/users/7/update-bvn', { bvn: '22212345678' });
  });

  it('shows the BVN masked; the full number only after the transaction PIN, until hidden', async () => {
    const user = userEvent.setup();
    session.loadUser.mockImplementation(async () => {
      session.setUser(customer({ bvn: '222******78' }));
      return customer();
    });
    renderAt('/settings?tab=kyc');
    expect(await screen.findByTestId('bvn-value')).toHaveTextContent('222******78');
    expect(screen.queryByText('22212345678')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show BVN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show BVN' });
    api.encrypted.post.mockImplementationOnce(async () => {
      throw apiError(401, 'Incorrect transaction PIN.');
    });
    await user.type(within(dialog).getByLabelText('Transaction PIN'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Show BVN' }));
    expect(await within(dialog).findByText('Incorrect transaction PIN.')).toBeInTheDocument();
    expect(screen.getByTestId('bvn-value')).toHaveTextContent('222******78');

    api.encrypted.post.mockImplementationOnce(async () => ({
      status: 200,
      data: { bvn: '22212345678' },
    }));
    await user.clear(within(dialog).getByLabelText('Transaction PIN'));
    await user.type(within(dialog).getByLabelText('Transaction PIN'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Show BVN' }));
    await waitFor(() => expect(screen.getByTestId('bvn-value')).toHaveTextContent('22212345678'));
    expect(api.encrypted.post).toHaveBeenCalledWith('/users/7/reveal-bvn', {
      transaction_pin: '246810',
    });
    await user.click(screen.getByRole('button', { name: 'Hide BVN' }));
    expect(screen.getByTestId('bvn-value')).toHaveTextContent('222******78');
  });

  it("uploads a proof of residence with progress, then shows it 'Uploaded'; a duplicate says 'Document Already Exists'", async () => {
    const user = userEvent.setup();
    api.post.mockImplementation(
      async (
        _url: string,
        _body: unknown,
        options: { onUploadProgress?: (p: { loaded: number; total: number }) => void },
      ) => {
        options.onUploadProgress?.({ loaded: 50, total: 100 });
        return {
          status: 201,
          data: { path: 'images/x.pdf', url: '/api/sandbox/files/users/7/images/x.pdf' },
        };
      },
    );
    renderAt('/settings?tab=kyc');
    await user.click(await screen.findByRole('button', { name: 'Upload Proof of Residence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Proof of Residence' });
    const typeSelect = within(dialog).getByLabelText('Document type');
    await waitFor(() => expect(within(typeSelect).getAllByRole('option')).toHaveLength(2));
    expect(within(typeSelect).queryByRole('option', { name: 'International Passport' })).toBeNull();
    expect(within(dialog).queryByLabelText('Document number')).toBeNull();
    await user.selectOptions(typeSelect, '32');
    const file = new File(['%PDF-1.7'], 'electricity bill.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('File'), file);

    api.encrypted.post.mockImplementationOnce(async () => {
      throw apiError(409, 'Error adding client identifier document');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Document Already Exists']));

    const doc = {
      id: 'd1',
      description: 'Proof of Residence',
      documentKey: 'k'.repeat(24),
      document_type_id: 32,
      status: 'pending',
      review_note: null,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    api.encrypted.post.mockImplementationOnce(
      async (url: string, body: Record<string, unknown>) => {
        expect(url).toBe('/identity-documents');
        expect(body).toMatchObject({
          document_id: 32,
          user_id: '7',
          document_url: '/api/sandbox/files/users/7/images/x.pdf',
        });
        expect(String(body.document_key)).toMatch(/^[0-9a-f]{24}$/);
        expect(String(body.document_name)).toMatch(/^\d+-electricity_bill\.pdf$/);
        documents = [doc];
        return { status: 201, data: { message: 'Document Upload Successful', document: doc } };
      },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts()).toContainEqual(['success', 'Document Upload Successful']));
    const list = await screen.findByRole('list', { name: 'Proof of Residence documents' });
    expect(within(list).getByText('Uploaded')).toBeInTheDocument();
    expect(within(list).getByText('In review')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith(
      '/storage/upload',
      file,
      expect.objectContaining({
        params: { path: expect.stringMatching(/^images\/\d+-electricity_bill\.pdf$/) },
      }),
    );
  });

  it('shows the document the server holds: a 409 re-reads the list, a list that failed says so', async () => {
    const user = userEvent.setup();
    const held = {
      id: 'd9',
      description: 'Proof of Residence',
      documentKey: 'k'.repeat(24),
      document_type_id: 32,
      status: 'pending',
      review_note: null,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    // The first read fails (the link dropped as the page came back after a reload mid-upload).
    const post = api.encrypted.post.getMockImplementation();
    api.encrypted.post.mockImplementationOnce(async () => {
      throw apiError(0);
    });
    renderAt('/settings?tab=kyc');
    expect(
      await screen.findByText(
        'We could not load your documents. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('not available')).not.toBeInTheDocument();

    // The upload then meets the document the cut-off upload left: the list shows it at once.
    api.post.mockResolvedValue({
      status: 201,
      data: { path: 'images/x.pdf', url: '/api/sandbox/files/users/7/images/x.pdf' },
    });
    api.encrypted.post.mockImplementation(async (url: string, body: unknown) => {
      if (url === '/identity-documents') {
        documents = [held];
        throw apiError(409, 'Error adding client identifier document');
      }
      return post?.(url, body);
    });
    await user.click(screen.getByRole('button', { name: 'Upload Proof of Residence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Proof of Residence' });
    const typeSelect = within(dialog).getByLabelText('Document type');
    await waitFor(() => expect(within(typeSelect).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(typeSelect, '32');
    const file = new File(['%PDF-1.7'], 'bill.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('File'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Document Already Exists']));
    const list = await screen.findByRole('list', { name: 'Proof of Residence documents' });
    expect(within(list).getByText('In review')).toBeInTheDocument();
    expect(
      screen.queryByText('We could not load your documents. Check your connection and try again.'),
    ).not.toBeInTheDocument();
  });

  it("asks for a document number on an identity document and says 'error uploading document' when storage fails", async () => {
    const user = userEvent.setup();
    api.post.mockRejectedValue(apiError(0));
    renderAt('/settings?tab=kyc');
    await user.click(await screen.findByRole('button', { name: 'Upload Identity Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Identity Document' });
    const typeSelect = within(dialog).getByLabelText('Document type');
    await waitFor(() => expect(within(typeSelect).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(typeSelect, '1');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['x'], 'p.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Document number is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Document number'), 'A12345678');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'error uploading document']));
  });
});

describe('Transaction Pin tab', () => {
  it('requests an OTP, resets the PIN and goes to /dashboard', async () => {
    const user = userEvent.setup();
    renderAt('/settings?tab=transaction-pin');
    api.get.mockImplementationOnce(async () => {
      throw apiError(500);
    });
    await user.click(await screen.findByRole('button', { name: 'Request OTP' }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Error requesting OTP']));
    api.get.mockImplementationOnce(
      async (url: string, options: { params: Record<string, string> }) => {
        expect(url).toBe('/auth/get-otp');
        expect(options.params).toEqual({ phone_number: '2348012345678' });
        return { status: 200, data: { message: 'An OTP has been sent to your phone number.' } };
      },
    );
    await user.click(screen.getByRole('button', { name: 'Request OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.type(screen.getByLabelText('New transaction PIN'), '135790');
    await user.type(screen.getByLabelText('Confirm transaction PIN'), '135791');
    await user.click(screen.getByRole('button', { name: 'Reset Transaction PIN' }));
    expect(await screen.findByText('Transaction PIN mismatch!')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm transaction PIN'));
    await user.type(screen.getByLabelText('Confirm transaction PIN'), '135790');
    api.encrypted.post.mockImplementationOnce(async () => ({
      status: 200,
      data: { message: 'Your transaction PIN has been reset.' },
    }));
    await user.click(screen.getByRole('button', { name: 'Reset Transaction PIN' }));
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/dashboard']));
    expect(api.encrypted.post).toHaveBeenCalledWith('/users/7/reset-transaction-pin', {
      otp: '123456',
      transaction_pin: '135790',
      confirm_transaction_pin: '135790',
      phone_number: '2348012345678',
    });
  });
});

describe('Referrals tab', () => {
  it("shows the count, copies the code, and lists referees or 'Referral record unavailable.'", async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/settings?tab=referrals');
    expect(await screen.findByText('Referral record unavailable.')).toBeInTheDocument();
    expect(screen.getByTestId('referral-count')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('ADA123');
    await waitFor(() =>
      expect(toasts()).toContainEqual(['success', 'Referral code copied to clipboard.']),
    );
  });

  it('shows the table of referees', async () => {
    api.get.mockImplementation(async () => ({
      status: 200,
      data: {
        referrals: [
          { first_name: 'Ngozi', last_name: 'Eze' },
          { first_name: 'Tunde', last_name: 'Bello' },
        ],
        count: 2,
        message: 'ok',
      },
    }));
    renderAt('/settings?tab=referrals');
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['S/NReferree', '1Ngozi Eze', '2Tunde Bello']);
  });

  it("says 'Error fetching referrals. Please, try again.' when the call fails", async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url.startsWith('/referrals/')) throw apiError(500);
      return { status: 200, data: LIMITS };
    });
    renderAt('/settings?tab=referrals');
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', 'Error fetching referrals. Please, try again.']),
    );
  });
});

describe('Generate Statement tab', () => {
  it('sends the wallet, e-mail and dates and shows the answer; the end may not be before the start', async () => {
    const user = userEvent.setup();
    renderAt('/settings?tab=statement');
    expect(await screen.findByLabelText('Wallet number')).toHaveValue('1100000001');
    expect(screen.getByLabelText('Wallet number')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.type(screen.getByLabelText('Start date'), '2026-01-10');
    await user.type(screen.getByLabelText('End date'), '2026-01-05');
    await user.click(screen.getByRole('button', { name: 'Generate Statement' }));
    expect(
      await screen.findByText('End date must not be before the start date'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), '2026-01-12');
    api.get.mockImplementationOnce(async () => ({
      status: 200,
      data: { message: 'Your account statement has been sent to ada@example.com.' },
    }));
    await user.click(screen.getByRole('button', { name: 'Generate Statement' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        'success',
        'Your account statement has been sent to ada@example.com.',
      ]),
    );
    expect(api.get).toHaveBeenCalledWith('/transaction-history/statement', {
      params: {
        wallet_number: '1100000001',
        email: 'ada@example.com',
        start_date: '2026-01-10',
        end_date: '2026-01-12',
      },
    });
  });
});

describe('More tab', () => {
  it("needs a reason and the tick, reveals the box for 'Other Reasons', confirms, closes and signs out", async () => {
    const user = userEvent.setup();
    renderAt('/settings/delete-account');
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Select a reason')).toBeInTheDocument();
    const reasons = within(screen.getByLabelText('Why are you leaving?')).getAllByRole('option');
    expect(reasons).toHaveLength(12);
    await user.selectOptions(screen.getByLabelText('Why are you leaving?'), 'Other Reasons');
    await user.type(screen.getByLabelText('Tell us your reason'), 'Moving abroad');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('this action cannot be undone');

    api.post.mockImplementationOnce(async () => {
      throw apiError(
        409,
        'Your wallets still hold ₦12,500.50. Please move all your money to another account before closing your account.',
      );
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        'error',
        'Your wallets still hold ₦12,500.50. Please move all your money to another account before closing your account.',
      ]),
    );
    expect(signOut).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    api.post.mockImplementationOnce(async () => ({
      status: 200,
      data: { message: 'Your account has been closed and you have been signed out.' },
    }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, delete my account',
      }),
    );
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenLastCalledWith('/users/7/request-account-closure', {
      reason: 'Moving abroad',
    });
  });
});
