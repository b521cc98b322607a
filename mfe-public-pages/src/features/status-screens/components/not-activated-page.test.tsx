import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { NotActivatedPage } from './not-activated-page';

const Router = ({ children }: { children: ReactNode }) => (
  <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
    {children}
  </BrowserRouter>
);

describe('not-activated screen (SPEC §4 / §8)', () => {
  it('shows the SPEC message word for word', () => {
    render(<NotActivatedPage />, { wrapper: Router });
    expect(
      screen.getByText(
        'Sorry this account has not yet been activated. Please contact support for more info.',
      ),
    ).toBeInTheDocument();
  });

  it('links to /verify to finish identity verification', async () => {
    window.history.pushState(null, '', '/not-activated');
    render(<NotActivatedPage />, { wrapper: Router });
    const link = screen.getByRole('link', { name: 'Complete your identity verification' });
    expect(link).toHaveAttribute('href', '/verify');
    await userEvent.click(link);
    expect(window.location.pathname).toBe('/verify');
  });
});
