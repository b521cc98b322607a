import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './modal';
import { SearchableSelect } from './searchable-select';

const banks = [
  { value: '044***Access Bank', label: 'Access Bank' },
  { value: '058***GTBank', label: 'GTBank' },
  { value: '50211***Kuda MFB', label: 'Kuda MFB' },
  { value: '057***Zenith Bank', label: 'Zenith Bank' },
];

function Harness({
  onChange = () => undefined,
  initial = '',
}: {
  onChange?: (v: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SearchableSelect
        label="Receiving bank"
        options={banks}
        value={value}
        name="bank"
        hint="Type to search"
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <output aria-label="chosen">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Receiving bank' });

describe('SearchableSelect', () => {
  it('is a collapsed combobox tied to its listbox', () => {
    render(<Harness />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveAttribute('aria-autocomplete', 'list');
    expect(combobox()).toHaveAccessibleDescription('Type to search');
    expect(document.getElementById(combobox().getAttribute('aria-controls') ?? '')).toHaveAttribute(
      'role',
      'listbox',
    );
  });

  it('filters the options as the user types, case-insensitively', async () => {
    render(<Harness />);
    await userEvent.type(combobox(), 'BANK');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Access Bank', 'GTBank', 'Zenith Bank']);
  });

  it('says so when nothing matches', async () => {
    render(<Harness />);
    await userEvent.type(combobox(), 'xyz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results')).toBeInTheDocument();
  });

  it('selects with the arrow keys and Enter, tracking the active option', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(combobox());
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = combobox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')).toHaveTextContent('GTBank');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('058***GTBank');
    expect(combobox()).toHaveValue('GTBank');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('058***GTBank');
  });

  it('wraps to the last option with ArrowUp', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(combobox());
    await user.keyboard('{ArrowUp}');
    const active = combobox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')).toHaveTextContent('Zenith Bank');
  });

  it('selects the first match with Enter after typing', async () => {
    render(<Harness />);
    await userEvent.type(combobox(), 'kuda{Enter}');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('50211***Kuda MFB');
  });

  it('selects an option with a click', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.type(combobox(), 'zen');
    await user.click(screen.getByRole('option', { name: 'Zenith Bank' }));
    expect(combobox()).toHaveValue('Zenith Bank');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('057***Zenith Bank');
  });

  it('closes on Escape and restores the chosen label', async () => {
    render(<Harness initial="058***GTBank" />);
    const user = userEvent.setup();
    expect(combobox()).toHaveValue('GTBank');
    await user.clear(combobox());
    await user.type(combobox(), 'acc');
    await user.keyboard('{Escape}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveValue('GTBank');
  });

  it('restores the chosen label when focus leaves without a choice', async () => {
    render(<Harness initial="058***GTBank" />);
    const user = userEvent.setup();
    await user.type(combobox(), 'zz');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(combobox()).toHaveValue('GTBank');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('058***GTBank');
  });

  it('clears the choice when the text is emptied', async () => {
    render(<Harness initial="058***GTBank" />);
    const user = userEvent.setup();
    await user.clear(combobox());
    await user.tab();
    expect(screen.getByLabelText('chosen')).toBeEmptyDOMElement();
  });

  it('posts the value through a hidden input', () => {
    const { container } = render(<Harness initial="044***Access Bank" />);
    expect(container.querySelector('input[type="hidden"][name="bank"]')).toHaveValue(
      '044***Access Bank',
    );
  });

  it('wires the error like other fields', () => {
    render(
      <SearchableSelect
        label="Receiving bank"
        options={banks}
        value=""
        onChange={() => undefined}
        error="Select a bank"
      />,
    );
    expect(combobox()).toHaveAttribute('aria-invalid', 'true');
    expect(combobox()).toHaveAccessibleDescription('Select a bank');
  });

  it('inside a modal, Escape closes the list first and leaves the modal open', async () => {
    const onClose = jest.fn();
    render(
      <Modal open title="Transfer" onClose={onClose}>
        <Harness />
      </Modal>,
    );
    const user = userEvent.setup();
    await user.type(combobox(), 'g');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
