import { screen } from '@testing-library/react';
import { mountRemote } from '@ajo/remote-kit/testing';
import * as lifecycles from './lifecycles';

describe('payments single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const remote = await mountRemote(lifecycles, {
      name: 'payments',
      path: '/dashboard/payments/airtime',
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });
});
