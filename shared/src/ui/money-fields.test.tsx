import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { SOURCE_WALLET_REQUIRED } from '../messages/validation';
import { AmountField } from './amount-field';
import { PinField } from './pin-field';
import { SummaryList } from './summary-list';
import { WalletSelect } from './wallet-select';

const wallets = [
  { name: 'Ajo Wallet', account_no: '1100000001', product_id: 1, account_status: 'active' },
  { name: 'Commission Wallet', account_no: '1100000002', product_id: 4, account_status: 'active' },
  { name: 'Savings', account_no: '1100000003', product_id: 2, account_status: 'blocked' },
];

describe('WalletSelect (SPEC §3 / §5)', () => {
  it('lists the wallets by name and account number, without the commission wallet', () => {
    render(<WalletSelect wallets={wallets} />);
    const select = screen.getByRole('combobox', { name: 'Source wallet' });
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Select wallet',
      'Ajo Wallet - 1100000001',
      'Savings - 1100000003 (blocked)',
    ]);
    expect(screen.getByRole('option', { name: 'Ajo Wallet - 1100000001' })).toHaveValue(
      '1100000001',
    );
  });

  it('includes the commission wallet, by name only, when asked', () => {
    render(<WalletSelect wallets={wallets} includeCommission label="Wallet" />);
    const option = screen.getByRole('option', { name: 'Commission Wallet' });
    expect(option).toHaveValue('1100000002');
  });

  it('lists a blocked wallet but does not let it be picked', () => {
    render(<WalletSelect wallets={wallets} />);
    expect(screen.getByRole('option', { name: 'Savings - 1100000003 (blocked)' })).toBeDisabled();
  });

  it("shows 'Source wallet required' tied to the select and hands the choice to register()", async () => {
    const ref = createRef<HTMLSelectElement>();
    render(<WalletSelect ref={ref} wallets={wallets} required error={SOURCE_WALLET_REQUIRED} />);
    const select = screen.getByRole('combobox', { name: 'Source wallet' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(SOURCE_WALLET_REQUIRED);
    await userEvent.selectOptions(select, 'Ajo Wallet - 1100000001');
    expect(ref.current?.value).toBe('1100000001');
  });
});

describe('PinField (SPEC §5 / §9)', () => {
  it('is a masked 6-digit transaction PIN with the numeric keypad by default', () => {
    render(<PinField />);
    const input = screen.getByLabelText('Transaction PIN');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '6');
    expect(input).toHaveAttribute('autocomplete', 'off');
  });

  it('is a 4-digit security PIN when asked', () => {
    render(<PinField length={4} />);
    expect(screen.getByLabelText('Security PIN')).toHaveAttribute('maxlength', '4');
  });

  it('stops at the length and shows the error', async () => {
    render(<PinField label="PIN" error="Transaction PIN must be exactly 6 digits" />);
    const input = screen.getByLabelText('PIN');
    await userEvent.type(input, '12345678');
    expect(input).toHaveValue('123456');
    expect(input).toHaveAccessibleDescription('Transaction PIN must be exactly 6 digits');
  });
});

describe('AmountField (SPEC §5)', () => {
  it("asks for the decimal keypad, caps 10 characters and hints 'Positive numbers only'", async () => {
    render(<AmountField />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAccessibleDescription('Positive numbers only');
    await userEvent.type(input, '123456789.123');
    expect(input).toHaveValue('123456789.');
  });

  it('forwards the ref for register()', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<AmountField ref={ref} label="Amount (₦)" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (₦)' }), '2500.50');
    expect(ref.current?.value).toBe('2500.50');
  });
});

describe('SummaryList', () => {
  it('shows label / value pairs, amounts in naira and empty values as None', () => {
    render(
      <SummaryList
        label="Transaction details"
        rows={[
          { label: 'Receiver', value: 'ADA OKAFOR' },
          { label: 'Amount', amount: '2500.5' },
          { label: 'Narration', value: '' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['Receiver', 'Amount', 'Narration']);
    expect(values).toEqual(['ADA OKAFOR', '₦2,500.50', 'None']);
    expect(screen.getByLabelText('Transaction details').tagName).toBe('DL');
  });
});
