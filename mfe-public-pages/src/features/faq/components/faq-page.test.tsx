import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqPage } from './faq-page';

describe('FAQ page', () => {
  it('shows the SPEC headline, subtitle and the three groups', () => {
    render(<FaqPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeInTheDocument();
    expect(screen.getByText('How can we help you?')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Account Opening',
      'Transactions',
      'KYC',
    ]);
    expect(screen.getByRole('link', { name: /support@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('keeps one answer open at a time', async () => {
    const user = userEvent.setup();
    render(<FaqPage />);
    const signUp = screen.getByRole('button', { name: 'How do I sign up?' });
    const deposit = screen.getByRole('button', { name: 'How do I deposit money into my wallet?' });
    await user.click(signUp);
    expect(signUp).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Use the Sign Up button on the homepage/)).toBeVisible();
    await user.click(deposit);
    expect(deposit).toHaveAttribute('aria-expanded', 'true');
    expect(signUp).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/Use the Sign Up button on the homepage/)).not.toBeVisible();
  });
});
