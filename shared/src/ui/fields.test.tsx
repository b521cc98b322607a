import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Checkbox } from './checkbox';
import { Select } from './select';
import { TextField } from './text-field';

describe('TextField', () => {
  it('ties the label, hint and error to the input', () => {
    render(
      <TextField
        label="Security PIN"
        hint="Numbers only, e.g. 1234"
        error="Security PIN must be exactly 4 digits"
      />,
    );
    const input = screen.getByLabelText('Security PIN');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Numbers only, e.g. 1234 Security PIN must be exactly 4 digits',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Security PIN must be exactly 4 digits');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Phone number" hint="Numbers only" />);
    const input = screen.getByLabelText('Phone number');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Numbers only');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks phones for the numeric keypad when numeric', () => {
    render(<TextField label="NIN" numeric />);
    expect(screen.getByLabelText('NIN')).toHaveAttribute('inputmode', 'numeric');
  });

  it('takes digits only when numeric, typed or pasted, and still tells the caller', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<TextField label="BVN" numeric onChange={(e) => seen.push(e.target.value)} />);
    const input = screen.getByLabelText('BVN');
    await user.type(input, '2a2b2');
    expect(input).toHaveValue('222');
    await user.paste('12-34 5x');
    expect(input).toHaveValue('22212345');
    expect(seen.at(-1)).toBe('22212345');
  });

  it('leaves other fields as typed', async () => {
    render(<TextField label="Narration" />);
    await userEvent.type(screen.getByLabelText('Narration'), 'Rent 2b');
    expect(screen.getByLabelText('Narration')).toHaveValue('Rent 2b');
  });

  it('forwards the ref to the input, as react-hook-form register() needs', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Amount" ref={ref} />);
    await userEvent.type(screen.getByLabelText('Amount'), '1500');
    expect(ref.current?.value).toBe('1500');
  });

  it('keeps an explicit id and a caller-provided aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra help</p>
        <TextField id="otp" label="OTP" aria-describedby="extra" hint="6 digits" />
      </>,
    );
    const input = screen.getByLabelText('OTP');
    expect(input).toHaveAttribute('id', 'otp');
    expect(input).toHaveAccessibleDescription('Extra help 6 digits');
  });
});

describe('Select', () => {
  const options = [
    { value: 'mtnng', label: 'MTN' },
    { value: 'glong', label: 'GLO' },
  ];

  it('renders a labelled select with a placeholder and reports changes', async () => {
    const onChange = jest.fn();
    render(
      <Select label="Network" placeholder="Select network" options={options} onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Network' });
    expect(screen.getByRole('option', { name: 'Select network' })).toHaveValue('');
    await userEvent.selectOptions(select, 'GLO');
    expect(select).toHaveValue('glong');
    expect(onChange).toHaveBeenCalled();
  });

  it('wires the error', () => {
    render(<Select label="Network" options={options} error="Select a network" />);
    const select = screen.getByRole('combobox', { name: 'Network' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Select a network');
  });
});

describe('Checkbox', () => {
  it('is labelled and shows its error', async () => {
    render(
      <Checkbox label="I accept the terms" error="You must accept the terms and conditions" />,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('You must accept the terms and conditions');
    await userEvent.click(box);
    expect(box).toBeChecked();
  });
});
