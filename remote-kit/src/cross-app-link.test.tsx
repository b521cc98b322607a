import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrossAppLink } from './cross-app-link';
import { crossAppNavigations, resetHost } from './testing';

jest.mock('./host', () => jest.requireActual('./testing').hostModule);

// Bubbles after the link's own handler: stops jsdom's page load (which it cannot do) for the clicks
// the link leaves to the browser, without hiding anything from the link itself.
const stopPageLoad = (event: Event) => event.preventDefault();

beforeEach(() => {
  resetHost();
  window.history.pushState(null, '', '/signup');
  document.addEventListener('click', stopPageLoad);
});
afterEach(() => document.removeEventListener('click', stopPageLoad));

describe('CrossAppLink', () => {
  it('is a real link to the route', () => {
    render(<CrossAppLink href="/login">Login</CrossAppLink>);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('asks the host to navigate on a plain click and leaves the URL to it', async () => {
    render(<CrossAppLink href="/login">Login</CrossAppLink>);
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(crossAppNavigations()).toEqual(['/login']));
    expect(window.location.pathname).toBe('/signup');
  });

  it.each([
    ['a middle click', { button: 1 }],
    ['a ctrl click (new tab)', { ctrlKey: true }],
    ['a shift click (new window)', { shiftKey: true }],
  ])('leaves %s to the browser', async (_name, init) => {
    render(<CrossAppLink href="/login">Login</CrossAppLink>);
    fireEvent.click(screen.getByRole('link', { name: 'Login' }), init);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(crossAppNavigations()).toEqual([]);
  });

  it("runs the caller's onClick first, which may cancel the navigation", async () => {
    const onClick = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <CrossAppLink href="/login" onClick={onClick}>
        Login
      </CrossAppLink>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(crossAppNavigations()).toEqual([]);
  });
});
