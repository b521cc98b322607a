import { render, screen } from '@testing-library/react';
import { resetHost } from '@ajo/remote-kit/testing';
import { ErrorPage } from './error-page';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => resetHost());

describe('error screen (SPEC §2 / §8)', () => {
  it('says the SPEC words and offers Back to safety to /dashboard', () => {
    render(<ErrorPage />);
    expect(
      screen.getByText("We ran into an issue, but don't worry, we'll take care of it for sure."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to safety' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
