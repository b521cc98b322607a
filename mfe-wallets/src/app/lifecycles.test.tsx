import { screen } from '@testing-library/react';
import { bootstrap, mount, unmount } from './lifecycles';

// The screens load the user through host/session; a stand-in keeps these tests off the network.
jest.mock('./host', () => jest.requireActual('../test-support/fake-host').hostModule);

function props(domElement: HTMLElement) {
  return { name: 'wallets', singleSpa: {}, mountParcel: jest.fn(), domElement } as never;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe('wallets single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    window.history.pushState(null, '', '/dashboard');
    // single-spa drives React here, not act(): mount resolves once the root has rendered.
    await bootstrap(props(element));
    await mount(props(element));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await unmount(props(element));
    expect(element).toBeEmptyDOMElement();
  });
});
