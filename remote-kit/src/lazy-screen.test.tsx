import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { lazyScreen, ScreenSuspense, SCREEN_LOADING_ATTRIBUTE } from './lazy-screen';

function Welcome() {
  return <h1>Create your account</h1>;
}

describe('a screen in a chunk of its own', () => {
  it('shows a marked spinner until the chunk is there, then the screen in its place', async () => {
    let arrive: (module: { Welcome: typeof Welcome }) => void = () => undefined;
    const Lazy = lazyScreen(
      () => new Promise<{ Welcome: typeof Welcome }>((resolve) => (arrive = resolve)),
      'Welcome',
    );
    const { container } = render(
      <ScreenSuspense>
        <Lazy />
      </ScreenSuspense>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(container.querySelector(`[${SCREEN_LOADING_ATTRIBUTE}]`)).toContainElement(
      screen.getByRole('status'),
    );
    await act(async () => arrive({ Welcome }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(container.querySelector(`[${SCREEN_LOADING_ATTRIBUTE}]`)).toBeNull();
  });

  it('marks the spinner with the attribute the mount check waits on', () => {
    // The check runs in the control plane (not this package): it must look for the same
    // attribute, or it would judge the spinner instead of the screen.
    const page = readFileSync(
      path.resolve(__dirname, '../../control-plane/src/mount-check-page.ts'),
      'utf8',
    );
    expect(page).toContain(`'[${SCREEN_LOADING_ATTRIBUTE}]'`);
  });
});
