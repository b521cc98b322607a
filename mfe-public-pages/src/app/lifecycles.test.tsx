import { screen } from '@testing-library/react';
import { mountRemote } from '@ajo/remote-kit/testing';
import * as lifecycles from './lifecycles';

describe('public_pages single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const remote = await mountRemote(lifecycles, { name: 'public_pages', path: '/' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });
});
