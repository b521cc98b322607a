import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './modal';

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Choose Beneficiary
      </button>
      <Modal
        open={open}
        title="Beneficiaries"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>Pick one</p>
        <button type="button">Delete</button>
      </Modal>
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
  return user;
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus', async () => {
    render(<Harness />);
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Beneficiaries' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    render(<Harness />);
    const user = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Beneficiary' })).toHaveFocus();
  });

  it('closes on the close button', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click outside the dialog but not inside it', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const user = await openModal();
    await user.click(screen.getByText('Pick one'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('ajo-modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    const user = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(del).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(del).toHaveFocus();
  });

  it('closes only the inner dialog of nested modals on Escape', async () => {
    function Nested() {
      const [inner, setInner] = useState(false);
      const [outer, setOuter] = useState(true);
      return (
        <Modal open={outer} title="Beneficiaries" onClose={() => setOuter(false)}>
          <button type="button" onClick={() => setInner(true)}>
            Delete
          </button>
          <Modal
            open={inner}
            title="Delete Saved Beneficiary!"
            role="alertdialog"
            onClose={() => setInner(false)}
          >
            <button type="button">Confirm Delete</button>
          </Modal>
        </Modal>
      );
    }
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      screen.getByRole('alertdialog', { name: 'Delete Saved Beneficiary!' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Beneficiaries' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} title="Hidden" onClose={() => undefined}>
        x
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
