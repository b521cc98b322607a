import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './accordion';

const items = [
  { id: 'signup', title: 'How do I sign up?', content: 'Use the Sign Up button on the homepage.' },
  { id: 'close', title: 'How do I close my account?', content: 'Contact customer support.' },
];

describe('Accordion', () => {
  it('starts closed with triggers that control their panels', () => {
    render(<Accordion items={items} />);
    const trigger = screen.getByRole('button', { name: 'How do I sign up?' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeVisible();
  });

  it('opens an item and shows its labelled region', async () => {
    render(<Accordion items={items} />);
    await userEvent.click(screen.getByRole('button', { name: 'How do I sign up?' }));
    expect(screen.getByRole('button', { name: 'How do I sign up?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('region', { name: 'How do I sign up?' })).toHaveTextContent(
      'Use the Sign Up button on the homepage.',
    );
  });

  it('keeps one item open at a time (SPEC §2 FAQ)', async () => {
    render(<Accordion items={items} />);
    await userEvent.click(screen.getByRole('button', { name: 'How do I sign up?' }));
    await userEvent.click(screen.getByRole('button', { name: 'How do I close my account?' }));
    expect(screen.getByRole('button', { name: 'How do I sign up?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('button', { name: 'How do I close my account?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('closes the open item when its trigger is pressed again', async () => {
    render(<Accordion items={items} defaultOpenIds={['close']} />);
    const trigger = screen.getByRole('button', { name: 'How do I close my account?' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('lets several items stay open when singleOpen is off', async () => {
    render(<Accordion items={items} singleOpen={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'How do I sign up?' }));
    await userEvent.click(screen.getByRole('button', { name: 'How do I close my account?' }));
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });

  it('wraps triggers in headings of the requested level', () => {
    render(<Accordion items={items} headingLevel={2} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });
});
