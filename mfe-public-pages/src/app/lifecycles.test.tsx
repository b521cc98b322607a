import { screen } from '@testing-library/react';
import { bootstrap, mount, unmount } from './lifecycles';

function props(domElement: HTMLElement) {
  return { name: 'public_pages', singleSpa: {}, mountParcel: jest.fn(), domElement } as never;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe('public_pages single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    window.history.pushState(null, '', '/');
    // single-spa drives React here, not act(): mount resolves once the root has rendered.
    await bootstrap(props(element));
    await mount(props(element));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await unmount(props(element));
    expect(element).toBeEmptyDOMElement();
  });
});
