import { withFallback, type AnyLifecycles } from './with-fallback';

const props = { name: 'wallets', singleSpa: {}, mountParcel: jest.fn() } as never;

function setup(load: () => Promise<AnyLifecycles | null>) {
  const element = document.createElement('div');
  const cleanup = jest.fn(() => element.replaceChildren());
  const renderFallback = jest.fn((el: HTMLElement) => {
    el.textContent = 'FALLBACK';
    return cleanup;
  });
  const loader = withFallback('wallets', load, () => element, renderFallback);
  return { element, loader, renderFallback, cleanup };
}

const ok = (overrides: Partial<AnyLifecycles> = {}): AnyLifecycles => ({
  bootstrap: jest.fn(async () => undefined),
  mount: jest.fn(async () => undefined),
  unmount: jest.fn(async () => undefined),
  ...overrides,
});

describe('withFallback (issue item 6)', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('delegates to the remote when it loads and mounts', async () => {
    const inner = ok();
    const { loader, renderFallback } = setup(async () => inner);
    const app = await loader();
    await app.bootstrap(props);
    await app.mount(props);
    await app.unmount(props);
    expect(inner.mount).toHaveBeenCalledWith(props);
    expect(inner.unmount).toHaveBeenCalled();
    expect(renderFallback).not.toHaveBeenCalled();
  });

  it('shows the fallback when the manifest or code cannot load, without rejecting', async () => {
    const { loader, element } = setup(async () => {
      throw new Error('manifest 404');
    });
    const app = await loader();
    await expect(app.bootstrap(props)).resolves.toBeUndefined();
    await expect(app.mount(props)).resolves.toBeUndefined();
    expect(element).toHaveTextContent('FALLBACK');
  });

  it('shows the fallback when the federation runtime answers null', async () => {
    const { loader, element } = setup(async () => null);
    const app = await loader();
    await app.mount(props);
    expect(element).toHaveTextContent('FALLBACK');
  });

  it('shows the fallback when the remote mount throws', async () => {
    const inner = ok({ mount: jest.fn(async () => Promise.reject(new Error('boom'))) });
    const { loader, element } = setup(async () => inner);
    const app = await loader();
    await app.bootstrap(props);
    await expect(app.mount(props)).resolves.toBeUndefined();
    expect(element).toHaveTextContent('FALLBACK');
  });

  it('shows the fallback when bootstrap throws, and never mounts the broken remote', async () => {
    const inner = ok({ bootstrap: jest.fn(async () => Promise.reject(new Error('boom'))) });
    const { loader, element } = setup(async () => inner);
    const app = await loader();
    await app.bootstrap(props);
    await app.mount(props);
    expect(inner.mount).not.toHaveBeenCalled();
    expect(element).toHaveTextContent('FALLBACK');
  });

  it('removes the fallback on unmount so the next route starts clean', async () => {
    const { loader, element, cleanup } = setup(async () => null);
    const app = await loader();
    await app.mount(props);
    await app.unmount(props);
    expect(cleanup).toHaveBeenCalled();
    expect(element).toBeEmptyDOMElement();
  });

  it('supports lifecycle arrays', async () => {
    const first = jest.fn(async () => undefined);
    const second = jest.fn(async () => undefined);
    const { loader } = setup(async () => ok({ mount: [first, second] }));
    const app = await loader();
    await app.mount(props);
    expect(first).toHaveBeenCalled();
    expect(second).toHaveBeenCalled();
  });
});
