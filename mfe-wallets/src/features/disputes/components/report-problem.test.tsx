import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, apiError, customer, renderRoute, resetHost, session } from '@ajo/remote-kit/testing';
import { TransactionHistoryScreen } from '../../transaction-history/components/transaction-history-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const line = {
  transaction_date: '2026-11-20T09:00:00.000Z',
  transaction_type: 'inter-outward',
  amount: 5000,
  narration: 'To EMEKA OBI · pending',
  reference: 'money-0123abcd',
};

const dispute = {
  tracking_number: 'AJO-CMP-261127-ABC234',
  reference: line.reference,
  category: 'money_not_arrived',
  category_label: 'Money left but did not arrive',
  description: 'Nothing arrived',
  attachment_url: null,
  status: 'received',
  outcome: null,
  outcome_reason: null,
  refund_reference: null,
  auto_opened: false,
  respond_by: '2026-11-30T13:00:00.000Z',
  created_at: '2026-11-27T13:00:00.000Z',
  timeline: [
    { status: 'received', outcome: null, note: 'Received.', at: '2026-11-27T13:00:00.000Z' },
  ],
};

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
  api.get.mockResolvedValue({ status: 200, data: { transactionHistory: [line] } });
});

async function openReport() {
  renderRoute(<TransactionHistoryScreen />, '/dashboard/transaction-history');
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', {
      name: 'Report a problem with ₦5,000.00 To EMEKA OBI · pending',
    }),
  );
  return { user, dialog: await screen.findByRole('dialog', { name: 'Report a problem' }) };
}

describe('Report a problem on a history line', () => {
  it("sends the category and description against the line's reference and shows the tracking number and the promised date", async () => {
    api.post.mockResolvedValue({
      status: 201,
      data: {
        message: 'ok',
        tracking_number: dispute.tracking_number,
        respond_by: dispute.respond_by,
        dispute,
      },
    });
    const { user, dialog } = await openReport();
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /What went wrong/ }),
      'Money left but did not arrive',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What happened?' }),
      'Nothing arrived',
    );
    await user.click(send);
    expect(api.post).toHaveBeenCalledWith('/transactions/money-0123abcd/disputes', {
      category: 'money_not_arrived',
      description: 'Nothing arrived',
    });
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Your tracking number is AJO-CMP-261127-ABC234.');
    expect(status).toHaveTextContent('We will answer by 30 Nov 2026, 14:00.');
    expect(within(status).getByRole('link', { name: 'See My reports' })).toHaveAttribute(
      'href',
      '/dashboard/reports',
    );
  });

  it("shows the server's refusal and keeps the form", async () => {
    api.post.mockRejectedValue(
      apiError(400, 'Please tell us what happened (up to 500 characters).'),
    );
    const { user, dialog } = await openReport();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /What went wrong/ }),
      'Other',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please tell us what happened (up to 500 characters).',
    );
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it('offers no report on a line without a reference', async () => {
    const { reference: _omitted, ...old } = line;
    api.get.mockResolvedValue({ status: 200, data: { transactionHistory: [old] } });
    renderRoute(<TransactionHistoryScreen />, '/dashboard/transaction-history');
    await screen.findByText('To EMEKA OBI · pending');
    expect(screen.queryByRole('button', { name: /Report a problem/ })).not.toBeInTheDocument();
  });
});
