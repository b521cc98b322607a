import { screen } from '@testing-library/react';
import { RENDER_FALLBACK } from '@ajo/shared/messages';
import { remoteLifecycles } from './lifecycles';
import { mountRemote } from './testing';

function Root() {
  return <h1>Remote screen</h1>;
}

function Broken(): never {
  throw new Error('render failed');
}

describe('remoteLifecycles', () => {
  it("mounts the remote's root where single-spa says and unmounts it cleanly", async () => {
    const remote = await mountRemote(remoteLifecycles(Root), {
      name: 'wallets',
      path: '/dashboard',
    });
    expect(await screen.findByRole('heading', { name: 'Remote screen' })).toBeInTheDocument();
    expect(remote.element).toContainElement(screen.getByRole('heading'));
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });

  it('shows the SPEC §8 fallback in its own area when the root throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remote = await mountRemote(remoteLifecycles(Broken), {
      name: 'wallets',
      path: '/dashboard',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(RENDER_FALLBACK);
    expect(remote.element).toContainElement(screen.getByRole('alert'));
    await remote.unmount();
  });
});
