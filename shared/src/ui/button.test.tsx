import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge } from './badge';
import { Button } from './button';
import { Spinner } from './spinner';
import { Stepper } from './stepper';

describe('Button', () => {
  it('does not submit a surrounding form unless asked to', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Validate</Button>
        <Button type="submit">Proceed</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('blocks clicks and announces progress while loading', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Next
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Next/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait…');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Spinner', () => {
  it('is a status with a label for screen readers', () => {
    render(<Spinner label="Loading your wallets" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your wallets');
  });
});

describe('Badge', () => {
  it('shows its text with the requested tone', () => {
    render(<Badge tone="warning">Not Submitted</Badge>);
    expect(screen.getByText('Not Submitted')).toHaveAttribute('data-tone', 'warning');
  });
});

describe('Stepper', () => {
  it('marks the current step with aria-current="step" and earlier ones as completed', () => {
    render(
      <Stepper
        steps={['Initiate', 'Confirm', 'Authenticate', 'Status']}
        current={1}
        label="Transfer progress"
      />,
    );
    const list = screen.getByRole('list', { name: 'Transfer progress' });
    const items = screen.getAllByRole('listitem');
    expect(list).toContainElement(items[0] ?? null);
    expect(items).toHaveLength(4);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveTextContent('Initiate (completed)');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[2]).not.toHaveAttribute('aria-current');
    expect(items[2]).not.toHaveTextContent('completed');
  });
});
