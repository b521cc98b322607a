import {
  EMPTY_AFTER_MS,
  isEmptyArea,
  REPORT_RENDER_ERROR,
  withFallback,
  type AnyLifecycles,
  type FailureReport,
  type VersionAttempt,
} from './with-fallback';

const props = { name: 'wallets', singleSpa: {}, mountParcel: jest.fn() } as never;

function setup(load: VersionAttempt['load'] | VersionAttempt[]) {
  const element = document.createElement('div');
  const cleanup = jest.fn(() => element.replaceChildren());
  const renderFallback = jest.fn((el: HTMLElement) => {
    el.textContent = 'FALLBACK';
    return cleanup;
  });
  const failures: FailureReport[] = [];
  const attempts = Array.isArray(load) ? load : [{ version: '2.0.0', load }];
  const loader = withFallback('wallets', attempts, {
    getElement: () => element,
    renderFallback,
    onFailure: (failure) => failures.push(failure),
  });
  return { element, loader, renderFallback, cleanup, failures };
}

const ok = (overrides: Partial<AnyLifecycles> = {}): AnyLifecycles => ({
  bootstrap: jest.fn(async () => undefined),
  mount: jest.fn(async () => undefined),
  unmount: jest.fn(async () => undefined),
  ...overrides,
});

const boom = (what: string) => jest.fn(async () => Promise.reject(new Error(what)));
const phases = (failures: FailureReport[]) => failures.map((f) => `${f.version} ${f.phase}`);

describe('withFallback: failure isolation', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('delegates to the remote when it loads and mounts', async () => {
    const inner = ok();
    const { loader, renderFallback, failures } = setup(async () => inner);
    const app = await loader();
    await app.bootstrap(props);
    await app.mount(props);
    await app.unmount(props);
    await app.mount(props);
    expect(inner.bootstrap).toHaveBeenCalledTimes(1);
    expect(inner.mount).toHaveBeenCalledWith(expect.objectContaining(props));
    expect(inner.unmount).toHaveBeenCalled();
    expect(renderFallback).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
  });

  it('shows the fallback when the manifest or code cannot load, without rejecting', async () => {
    const { loader, element, failures } = setup(async () => {
      throw new Error('manifest 404');
    });
    const app = await loader();
    await expect(app.bootstrap(props)).resolves.toBeUndefined();
    await expect(app.mount(props)).resolves.toBeUndefined();
    expect(element).toHaveTextContent('FALLBACK');
    expect(phases(failures)).toEqual(['2.0.0 load']);
    expect(String(failures[0]?.error)).toMatch(/manifest 404/);
  });

  it('shows the fallback when the federation runtime answers null', async () => {
    const { loader, element } = setup(async () => null);
    const app = await loader();
    await app.mount(props);
    expect(element).toHaveTextContent('FALLBACK');
  });

  it('shows the fallback when the remote mount throws', async () => {
    const inner = ok({ mount: boom('boom') });
    const { loader, element, failures } = setup(async () => inner);
    const app = await loader();
    await app.bootstrap(props);
    await expect(app.mount(props)).resolves.toBeUndefined();
    expect(element).toHaveTextContent('FALLBACK');
    expect(phases(failures)).toEqual(['2.0.0 mount']);
  });

  it('shows the fallback when bootstrap throws, and never mounts the broken remote', async () => {
    const inner = ok({ bootstrap: boom('boom') });
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

describe('withFallback: the last known good version', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  function twoVersions(live: () => Promise<AnyLifecycles | null>, good = ok()) {
    const loadGood = jest.fn(async () => good);
    const ctx = setup([
      { version: '2.0.0', load: live },
      { version: '1.0.0', load: loadGood },
    ]);
    return { ...ctx, good, loadGood };
  }

  it('loads and mounts the fallback version when the live one cannot load, and keeps it on later mounts', async () => {
    const { loader, good, loadGood, element, renderFallback, failures } = twoVersions(async () => {
      throw new Error('Version 18.3.1 of react does not satisfy ^19.0.0');
    });
    const app = await loader();
    await app.bootstrap(props);
    await app.mount(props);
    expect(good.bootstrap).toHaveBeenCalledTimes(1);
    expect(good.mount).toHaveBeenCalledTimes(1);
    expect(renderFallback).not.toHaveBeenCalled();
    expect(element).not.toHaveTextContent('FALLBACK');
    expect(phases(failures)).toEqual(['2.0.0 load']);

    await app.unmount(props);
    await app.mount(props);
    expect(good.unmount).toHaveBeenCalledTimes(1);
    expect(good.mount).toHaveBeenCalledTimes(2);
    expect(good.bootstrap).toHaveBeenCalledTimes(1);
    expect(loadGood).toHaveBeenCalledTimes(1);
    expect(failures).toHaveLength(1);
  });

  it('does not load the fallback version while the live one works', async () => {
    const { loader, loadGood } = twoVersions(async () => ok());
    const app = await loader();
    await app.mount(props);
    expect(loadGood).not.toHaveBeenCalled();
  });

  it.each([
    ['mount', { mount: boom('mount threw') }],
    ['bootstrap', { bootstrap: boom('bootstrap threw') }],
  ])(
    'replaces a live version whose %s throws by the fallback version in the same area',
    async (_what, broken) => {
      const live = ok(broken);
      const { loader, good, element, failures } = twoVersions(async () => live);
      element.textContent = 'half-mounted';
      const app = await loader();
      await app.bootstrap(props);
      await app.mount(props);
      expect(good.mount).toHaveBeenCalledTimes(1);
      expect(element).toBeEmptyDOMElement();
      expect(phases(failures)).toEqual(['2.0.0 mount']);
      await app.unmount(props);
      await app.mount(props);
      expect(live.mount).toHaveBeenCalledTimes(_what === 'mount' ? 1 : 0);
      expect(good.mount).toHaveBeenCalledTimes(2);
    },
  );

  it('switches when a later mount of the live version throws', async () => {
    const live = ok();
    const { loader, good, failures } = twoVersions(async () => live);
    const app = await loader();
    await app.mount(props);
    await app.unmount(props);
    (live.mount as jest.Mock).mockRejectedValueOnce(new Error('second mount threw'));
    await app.mount(props);
    expect(good.mount).toHaveBeenCalledTimes(1);
    expect(phases(failures)).toEqual(['2.0.0 mount']);
  });

  it('shows the generic fallback only when the fallback version fails too, reporting both', async () => {
    const { loader, element, failures } = setup([
      { version: '2.0.0', load: async () => ok({ mount: boom('live') }) },
      { version: '1.0.0', load: async () => ok({ mount: boom('good') }) },
    ]);
    const app = await loader();
    await app.mount(props);
    expect(element).toHaveTextContent('FALLBACK');
    expect(phases(failures)).toEqual(['2.0.0 mount', '1.0.0 mount']);
  });

  it('keeps the customer going when reporting itself throws', async () => {
    const good = ok();
    const loader = withFallback(
      'wallets',
      [
        { version: '2.0.0', load: async () => null },
        { version: '1.0.0', load: async () => good },
      ],
      {
        getElement: () => document.createElement('div'),
        renderFallback: () => () => undefined,
        onFailure: () => {
          throw new Error('no network');
        },
      },
    );
    const app = await loader();
    await app.mount(props);
    expect(good.mount).toHaveBeenCalled();
  });
});

describe('withFallback: failures no lifecycle reports', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** A version whose mount renders `text` into the area (nothing when empty). */
  const rendering = (element: () => HTMLElement, text: string) =>
    ok({
      mount: jest.fn(async () => {
        if (text)
          element().append(Object.assign(document.createElement('p'), { textContent: text }));
      }),
      unmount: jest.fn(async () => element().replaceChildren()),
    });

  function area(versions: [string, string][]) {
    let element: HTMLElement | null = null;
    const el = () => element!;
    const inner = versions.map(([, text]) => rendering(el, text));
    const set = setup(versions.map(([version], i) => ({ version, load: async () => inner[i] })));
    element = set.element;
    return { ...set, inner };
  }

  it('counts an area still empty a few seconds after mount as a failed mount and mounts the next version', async () => {
    const { loader, element, failures, inner } = area([
      ['2.0.0', ''],
      ['1.0.0', 'Balance'],
    ]);
    const app = await loader();
    await app.mount(props);
    await jest.advanceTimersByTimeAsync(EMPTY_AFTER_MS - 1);
    expect(failures).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(phases(failures)).toEqual(['2.0.0 mount']);
    expect(String(failures[0]?.error)).toMatch(/rendered nothing within 5 s/);
    expect(inner[0]!.unmount).toHaveBeenCalled();
    expect(element).toHaveTextContent('Balance');
    // The version that rendered is watched too, and stays.
    await jest.advanceTimersByTimeAsync(EMPTY_AFTER_MS * 2);
    expect(failures).toHaveLength(1);
  });

  it('shows the generic fallback when no version renders anything', async () => {
    const { loader, element, failures } = area([
      ['2.0.0', ''],
      ['1.0.0', ''],
    ]);
    const app = await loader();
    await app.mount(props);
    await jest.advanceTimersByTimeAsync(EMPTY_AFTER_MS * 2);
    expect(phases(failures)).toEqual(['2.0.0 mount', '1.0.0 mount']);
    expect(element).toHaveTextContent('FALLBACK');
  });

  it('does not count an area that rendered in time, nor one unmounted before the check', async () => {
    const rendered = area([['2.0.0', 'Balance']]);
    const app = await rendered.loader();
    await app.mount(props);
    await jest.advanceTimersByTimeAsync(EMPTY_AFTER_MS * 2);
    expect(rendered.failures).toEqual([]);

    const left = area([
      ['2.0.0', ''],
      ['1.0.0', 'Balance'],
    ]);
    const leftApp = await left.loader();
    await leftApp.mount(props);
    await leftApp.unmount(props);
    await jest.advanceTimersByTimeAsync(EMPTY_AFTER_MS * 2);
    expect(left.failures).toEqual([]);
    expect(left.inner[1]!.mount).not.toHaveBeenCalled();
  });

  it('sees a picture or a control as content', () => {
    const element = document.createElement('div');
    element.innerHTML = '<div><span> </span></div>';
    expect(isEmptyArea(element)).toBe(true);
    element.innerHTML = '<div><svg></svg></div>';
    expect(isEmptyArea(element)).toBe(false);
    element.innerHTML = '<div><button></button></div>';
    expect(isEmptyArea(element)).toBe(false);
  });

  it('reports an error the remote’s boundary caught against the version mounted, which stays', async () => {
    const inner = ok();
    const { loader, failures } = setup(async () => inner);
    const app = await loader();
    await app.mount(props);
    const given = (inner.mount as jest.Mock).mock.calls[0][0] as Record<string, unknown>;
    const reportRenderError = given[REPORT_RENDER_ERROR] as (error: unknown) => void;
    reportRenderError(new Error('clicked into a crash'));
    expect(phases(failures)).toEqual(['2.0.0 render']);
    expect(String(failures[0]?.error)).toMatch(/clicked into a crash/);
    expect(inner.unmount).not.toHaveBeenCalled();
  });
});

describe('the render-error prop', () => {
  it('is the name remote-kit’s error boundary calls (each remote compiles its own copy)', async () => {
    const kit = await import('@ajo/remote-kit/lifecycles');
    expect(kit.REPORT_RENDER_ERROR).toBe(REPORT_RENDER_ERROR);
  });
});
