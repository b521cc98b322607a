import { screen } from '@testing-library/react';
import { mountRemote } from '@ajo/remote-kit/testing';
import * as lifecycles from './lifecycles';

describe('onboarding single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const remote = await mountRemote(lifecycles, { name: 'onboarding', path: '/signup' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });
});
