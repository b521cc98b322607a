import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, apiError, customer, renderRoute, resetHost, session } from '@ajo/remote-kit/testing';
import type { RequestOptions } from '@ajo/remote-kit/host';
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
  // The picker's accept list is the browser's hint only: a customer can still pick any file
  // ("All files"), so the screen's own check is what these tests reach.
  const user = userEvent.setup({ applyAccept: false });
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

const STORED = 'https://files.test/users/u1/images/report-1-receipt.png';
const filedAnswer = {
  status: 201,
  data: {
    message: 'ok',
    tracking_number: dispute.tracking_number,
    respond_by: dispute.respond_by,
    dispute: { ...dispute, attachment_url: STORED },
  },
};

function png(name = 'receipt.png', bytes = 68) {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.selectOptions(
    within(dialog).getByRole('combobox', { name: /What went wrong/ }),
    'Money left but did not arrive',
  );
  await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'Nothing');
}

const picker = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Attach a screenshot or receipt (optional)');

const uploads = () => api.post.mock.calls.filter(([url]) => url === '/storage/upload');
const reports = () => api.post.mock.calls.filter(([url]) => String(url).endsWith('/disputes'));

describe('An attachment on a report', () => {
  it('uploads the chosen file with progress, then sends its URL as attachment_url', async () => {
    let finish: (answer: unknown) => void = () => {};
    api.post.mockImplementation((url: string, _body: unknown, options?: RequestOptions) => {
      if (url === '/storage/upload') {
        options?.onUploadProgress?.({ loaded: 34, total: 68 });
        return new Promise((resolve) => (finish = resolve));
      }
      return Promise.resolve(filedAnswer);
    });
    const { user, dialog } = await openReport();
    await fillIn(user, dialog);
    const file = png();
    await user.upload(picker(dialog), file);
    // While it uploads, the report waits for it.
    expect(await within(dialog).findByText('Uploading… 50%')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
    const [[, body, options]] = uploads() as unknown as [
      [string, Blob, { params: { path: string }; headers: Record<string, string> }],
    ];
    expect(body).toBe(file);
    expect(options.params.path).toMatch(/^images\/report-\d+-receipt\.png$/);
    expect(options.headers['Content-Type']).toBe('image/png');

    finish({ status: 201, data: { path: options.params.path, url: STORED } });
    expect(await within(dialog).findByText('Attached: receipt.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(reports()).toEqual([
      [
        '/transactions/money-0123abcd/disputes',
        { category: 'money_not_arrived', description: 'Nothing', attachment_url: STORED },
      ],
    ]);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Your tracking number is AJO-CMP-261127-ABC234.',
    );
    // Uploaded once, filed once.
    expect(uploads()).toHaveLength(1);
  });

  it.each([
    ['too large', png('big.png', 5 * 1024 * 1024 + 1), 'The file is too large. The limit is 5 MB.'],
    [
      'of the wrong type',
      new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }),
      'Only JPEG, PNG or PDF files can be uploaded.',
    ],
  ])(
    'refuses a file %s with the words, uploads nothing and sends without it',
    async (_, file, words) => {
      api.post.mockResolvedValue(filedAnswer);
      const { user, dialog } = await openReport();
      await fillIn(user, dialog);
      await user.upload(picker(dialog), file);
      expect(picker(dialog)).toHaveAccessibleDescription(expect.stringContaining(words));
      expect(uploads()).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      await within(dialog).findByRole('status');
      expect(reports()).toEqual([
        [
          '/transactions/money-0123abcd/disputes',
          { category: 'money_not_arrived', description: 'Nothing' },
        ],
      ]);
    },
  );

  it('accepts a PDF of exactly 5 MB', async () => {
    api.post.mockImplementation(async (url: string) =>
      url === '/storage/upload'
        ? { status: 201, data: { path: 'images/x.pdf', url: STORED } }
        : filedAnswer,
    );
    const { user, dialog } = await openReport();
    await user.upload(
      picker(dialog),
      new File([new Uint8Array(5 * 1024 * 1024)], 'statement.pdf', { type: 'application/pdf' }),
    );
    expect(await within(dialog).findByText('Attached: statement.pdf')).toBeInTheDocument();
    expect(uploads()).toHaveLength(1);
  });

  it('says when the upload fails; a retry uploads again and its URL is sent', async () => {
    let attempt = 0;
    api.post.mockImplementation(async (url: string) => {
      if (url !== '/storage/upload') return filedAnswer;
      attempt += 1;
      if (attempt === 1) throw apiError(503);
      return { status: 201, data: { path: 'images/x.png', url: STORED } };
    });
    const { user, dialog } = await openReport();
    await fillIn(user, dialog);
    await user.upload(picker(dialog), png());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'We could not upload your file. Try again, or send your report without it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try the upload again' }));
    expect(await within(dialog).findByText('Attached: receipt.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(uploads()).toHaveLength(2);
    expect(reports()).toHaveLength(1);
    expect(reports()[0]![1]).toMatchObject({ attachment_url: STORED });
  });

  it("sends without the file after a failed upload, and shows the storage's own refusal", async () => {
    api.post.mockImplementation(async (url: string) => {
      if (url === '/storage/upload')
        throw apiError(415, 'Only JPEG, PNG or PDF files can be uploaded.');
      return filedAnswer;
    });
    const { user, dialog } = await openReport();
    await fillIn(user, dialog);
    await user.upload(picker(dialog), png('fake.png'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only JPEG, PNG or PDF files can be uploaded.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(reports()).toEqual([
      [
        '/transactions/money-0123abcd/disputes',
        { category: 'money_not_arrived', description: 'Nothing' },
      ],
    ]);
  });

  it('removes an attachment, even one still uploading, so its URL is never sent', async () => {
    let finish: (answer: unknown) => void = () => {};
    api.post.mockImplementation((url: string) =>
      url === '/storage/upload'
        ? new Promise((resolve) => (finish = resolve))
        : Promise.resolve(filedAnswer),
    );
    const { user, dialog } = await openReport();
    await fillIn(user, dialog);
    await user.upload(picker(dialog), png());
    await user.click(within(dialog).getByRole('button', { name: 'Remove attachment' }));
    // The upload ends after the removal: it is ignored.
    finish({ status: 201, data: { path: 'images/x.png', url: STORED } });
    await waitFor(() => expect(within(dialog).queryByText(/Attached:/)).not.toBeInTheDocument());
    expect(
      within(dialog).queryByRole('button', { name: 'Remove attachment' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(reports()[0]![1]).not.toHaveProperty('attachment_url');
  });

  it('a second press while the first report is on its way files nothing twice', async () => {
    let finish: (answer: unknown) => void = () => {};
    api.post.mockImplementation((url: string) =>
      url === '/storage/upload'
        ? Promise.resolve({ status: 201, data: { path: 'images/x.png', url: STORED } })
        : new Promise((resolve) => (finish = resolve)),
    );
    const { user, dialog } = await openReport();
    await fillIn(user, dialog);
    await user.upload(picker(dialog), png());
    await within(dialog).findByText('Attached: receipt.png');
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    await user.click(send);
    await user.click(within(dialog).getByRole('button', { name: 'Sending…' }));
    finish(filedAnswer);
    await within(dialog).findByRole('status');
    expect(reports()).toHaveLength(1);
    expect(uploads()).toHaveLength(1);
  });
});
