import { screen } from '@testing-library/react';
import { mountRemote } from '@ajo/remote-kit/testing';
import * as lifecycles from './lifecycles';

// The screens load the user through host/session; a stand-in keeps these tests off the network.
jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

describe('wallets single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const remote = await mountRemote(lifecycles, { name: 'wallets', path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });
});
