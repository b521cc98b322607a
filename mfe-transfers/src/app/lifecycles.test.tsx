import { screen } from '@testing-library/react';
import { mountRemote } from '@ajo/remote-kit/testing';
import * as lifecycles from './lifecycles';

describe('transfers single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const remote = await mountRemote(lifecycles, {
      name: 'transfers',
      path: '/dashboard/transfers/other-wallet',
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });
});
