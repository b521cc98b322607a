import { render, screen } from '@testing-library/react';
import { ErrorFallback } from './error-fallback';
import { Screen } from './screen';

describe('ErrorFallback', () => {
  it("announces the spec's rendering fallback and links back to the dashboard", () => {
    render(<ErrorFallback />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We ran into an issue, but don't worry, we'll take care of it for sure.",
    );
    expect(screen.getByRole('link', { name: 'Back to safety' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});

describe('Screen', () => {
  it('names its region after the one heading it shows', () => {
    render(
      <Screen title="Transaction History">
        <p>rows</p>
      </Screen>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Transaction History' })).toHaveTextContent('rows');
  });
});
