import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, apiError, renderRoute, resetHost, toasts } from '@ajo/remote-kit/testing';
import { promiseClock } from '../api';
import { MyReportsScreen } from './my-reports-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const base = {
  reference: 'money-0123abcd',
  description: 'Nothing arrived',
  attachment_url: null,
  auto_opened: false,
  created_at: '2026-11-27T13:00:00.000Z',
};

const refunded = {
  ...base,
  tracking_number: 'AJO-CMP-261127-ABC234',
  category: 'money_not_arrived',
  category_label: 'Money left but did not arrive',
  status: 'resolved',
  outcome: 'refunded',
  outcome_reason: 'The bank confirmed the transfer failed. ₦5,000.00 was returned to your wallet.',
  refund_reference: 'money-0123abcd:reversal',
  respond_by: '2026-11-30T13:00:00.000Z',
  timeline: [
    { status: 'received', outcome: null, note: 'Received.', at: '2026-11-27T13:00:00.000Z' },
    { status: 'resolved', outcome: 'refunded', note: 'Refunded.', at: '2026-11-27T13:10:00.000Z' },
  ],
};

const frozen = {
  ...base,
  tracking_number: 'AJO-CMP-261127-XYZ789',
  reference: 'money-99',
  category: 'not_authorised',
  category_label: 'Not authorised by me',
  status: 'investigating',
  outcome: null,
  outcome_reason: null,
  refund_reference: null,
  respond_by: '2026-11-28T13:00:00.000Z',
  timeline: [
    { status: 'received', outcome: null, note: 'Received.', at: '2026-11-27T13:00:00.000Z' },
  ],
};

beforeEach(() => {
  resetHost();
  jest.useFakeTimers({ now: new Date('2026-11-27T15:00:00.000Z'), advanceTimers: true });
});
afterEach(() => jest.useRealTimers());

describe('/dashboard/reports', () => {
  it('shows each report with its tracking number, timeline, outcome and refund reference', async () => {
    api.get.mockResolvedValue({ status: 200, data: { disputes: [frozen, refunded] } });
    renderRoute(<MyReportsScreen />, '/dashboard/reports');
    const item = await screen.findByRole('listitem', { name: 'AJO-CMP-261127-ABC234' });
    expect(within(item).getAllByText('Resolved: refunded')[0]).toHaveAttribute(
      'data-tone',
      'primary',
    );
    expect(item).toHaveTextContent('Refund reference: money-0123abcd:reversal.');
    const steps = within(within(item).getByRole('list', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((s) => s.textContent)).toEqual([
      'Received · 27 Nov 2026, 14:00 · Received.',
      'Resolved: refunded · 27 Nov 2026, 14:10 · Refunded.',
    ]);
  });

  it('says which report has an attachment, by the name it was uploaded under, and no link that would not open', async () => {
    const attached = {
      ...refunded,
      attachment_url:
        'http://127.0.0.1:3000/api/sandbox/files/users/7/images/report-1764248400000-receipt.png',
    };
    api.get.mockResolvedValue({ status: 200, data: { disputes: [frozen, attached] } });
    renderRoute(<MyReportsScreen />, '/dashboard/reports');
    const item = await screen.findByRole('listitem', { name: 'AJO-CMP-261127-ABC234' });
    expect(item).toHaveTextContent('Attached: receipt.png');
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: 'AJO-CMP-261127-XYZ789' });
    expect(other).not.toHaveTextContent('Attached');
  });

  it('opens the attachment through the short-lived link the answer carries, in a new tab', async () => {
    const link =
      '/api/sandbox/files/users/7/images/report-1764248400000-receipt.png?expires=1&sig=ab';
    const attached = {
      ...refunded,
      attachment_url:
        'http://127.0.0.1:3000/api/sandbox/files/users/7/images/report-1764248400000-receipt.png',
      attachment_link: link,
    };
    api.get.mockResolvedValue({ status: 200, data: { disputes: [attached] } });
    renderRoute(<MyReportsScreen />, '/dashboard/reports');
    const item = await screen.findByRole('listitem', { name: 'AJO-CMP-261127-ABC234' });
    const opened = within(item).getByRole('link', { name: 'receipt.png' });
    expect([
      opened.getAttribute('href'),
      opened.getAttribute('target'),
      opened.getAttribute('rel'),
    ]).toEqual([link, '_blank', 'noopener noreferrer']);
  });

  it('shows the clock against the promised date, and lets the customer say it was them', async () => {
    api.get.mockResolvedValue({ status: 200, data: { disputes: [frozen] } });
    renderRoute(<MyReportsScreen />, '/dashboard/reports');
    const item = await screen.findByRole('listitem', { name: 'AJO-CMP-261127-XYZ789' });
    expect(item).toHaveTextContent('Answer due in 22 hours (by 28 Nov 2026, 14:00)');
    api.post.mockResolvedValue({
      status: 200,
      data: {
        message: 'ok',
        dispute: {
          ...frozen,
          status: 'resolved',
          outcome: 'declined',
          outcome_reason: 'You confirmed that you made this transaction.',
        },
      },
    });
    await userEvent
      .setup({ advanceTimers: jest.advanceTimersByTime })
      .click(within(item).getByRole('button', { name: 'It was me: resume my payments' }));
    expect(api.post).toHaveBeenCalledWith('/disputes/AJO-CMP-261127-XYZ789/confirm', {});
    expect(await within(item).findByText('Resolved: declined')).toBeInTheDocument();
    expect(item).toHaveTextContent('You confirmed that you made this transaction.');
  });

  it('says when nothing was reported, and toasts a failure', async () => {
    api.get.mockResolvedValueOnce({ status: 200, data: { disputes: [] } });
    const { unmount } = renderRoute(<MyReportsScreen />, '/dashboard/reports');
    expect(await screen.findByText(/You have not reported a problem/)).toBeInTheDocument();
    unmount();
    api.get.mockRejectedValueOnce(apiError(500));
    renderRoute(<MyReportsScreen />, '/dashboard/reports');
    await screen.findByText(/You have not reported a problem/);
    expect(toasts()).toEqual([['error', 'Error getting your reports']]);
  });
});

describe('/dashboard/reports?report=<reference> (from a receipt or a pending status)', () => {
  it('opens Report a problem for that reference and lists the complaint once it is filed', async () => {
    api.get.mockResolvedValueOnce({ status: 200, data: { disputes: [] } });
    api.get.mockResolvedValue({ status: 200, data: { disputes: [refunded] } });
    api.post.mockResolvedValue({
      status: 201,
      data: {
        message: 'ok',
        tracking_number: refunded.tracking_number,
        respond_by: refunded.respond_by,
        dispute: refunded,
      },
    });
    renderRoute(<MyReportsScreen />, '/dashboard/reports?report=money-0123abcd');
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    expect(dialog).toHaveTextContent('Transaction money-0123abcd');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /What went wrong/ }),
      'Other',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'Help');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(api.post).toHaveBeenCalledWith('/transactions/money-0123abcd/disputes', {
      category: 'other',
      description: 'Help',
    });
    expect(
      await screen.findByRole('listitem', { name: refunded.tracking_number }),
    ).toBeInTheDocument();
  });
});

describe('promiseClock', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    ['2026-11-30T15:00:00Z', 'Answer due in 3 days 3 hours'],
    ['2026-11-28T12:00:00Z', 'Answer due in 1 day'],
    ['2026-11-27T12:30:00Z', 'Answer due in less than an hour'],
    ['2026-11-27T07:00:00Z', 'Overdue by 5 hours'],
  ])('%s → %s', (respondBy, words) => {
    expect(promiseClock(respondBy, now)).toBe(words);
  });
});
