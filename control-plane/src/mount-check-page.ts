// The headless mount smoke test's page (docs/decisions/022-a-version-is-mounted-before-it-goes-live.md),
// run in a child process of its own by mount-check.ts: a jsdom window that plays the shell. It
// gives the version the federation runtime and the host's shared modules (react, react-dom,
// react-router-dom, rxjs at the versions installed for the host), a stand-in for the host's
// services (host/api answers every call with an error, like a middleware that is down; host/session
// has nobody signed in; host/bus carries events), loads the version's manifest, its entry and its
// exposed ./app, and runs single-spa's bootstrap and mount into an element. It prints one JSON line:
// { ok: true, html } or { ok: false, problem }. The files it serves and the host's stand-in:
// mount-check-host.ts.
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire, builtinModules } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { JSDOM, ResourceLoader, VirtualConsole } from 'jsdom';
import { files, HOST_ENTRY, ORIGIN } from './mount-check-host.js';

/** What the parent sends the child (mount-check.ts). */
export interface MountTask {
  dir: string;
  name: string;
  version: string;
  hostDir: string;
  /** A file of the host's package: the federation runtime is resolved from it. */
  runtimeFrom: string;
  /** Where the version is mounted: one of its own routes (mount-check.ts routeToMount). */
  route: string;
  onReady?: () => void;
}

export type MountResult = { ok: true; rendered: string } | { ok: false; problem: string };

type CommonJsModule = { exports: unknown };

/**
 * CommonJS modules evaluated inside the window (the federation runtime has no browser build): the
 * runtime then sees the window's document, fetch and globals, as it does in a browser.
 */
function windowRequire(context: vm.Context, fromFile: string) {
  const cache = new Map<string, CommonJsModule>();
  const load = (request: string, parent: string): unknown => {
    if (builtinModules.includes(request.replace(/^node:/, ''))) {
      return createRequire(parent)(request);
    }
    const file = realpathSync(createRequire(parent).resolve(request));
    const cached = cache.get(file);
    if (cached) return cached.exports;
    const module: CommonJsModule = { exports: {} };
    cache.set(file, module);
    if (file.endsWith('.json')) {
      module.exports = JSON.parse(readFileSync(file, 'utf8'));
      return module.exports;
    }
    const fn = vm.compileFunction(
      readFileSync(file, 'utf8'),
      ['exports', 'require', 'module', '__filename', '__dirname', 'process'],
      { parsingContext: context, filename: file },
    );
    fn(module.exports, (r: string) => load(r, file), module, file, path.dirname(file), {
      env: { NODE_ENV: 'production' },
    });
    return module.exports;
  };
  return (request: string) => load(request, fromFile);
}

/** The browser builds (UMD) of the host's shared packages, from the host's node_modules. */
function sharedScripts(hostDir: string) {
  const from = (pkg: string, file: string) => {
    const dir = path.dirname(realpathSync(path.join(hostDir, 'node_modules', pkg, 'package.json')));
    return { dir, file: path.join(dir, file) };
  };
  const routerDom = from('react-router-dom', 'dist/umd/react-router-dom.production.min.js');
  const routerRequire = createRequire(path.join(routerDom.dir, 'package.json'));
  const router = path.dirname(routerRequire.resolve('react-router/package.json'));
  const remix = path.dirname(
    createRequire(path.join(router, 'package.json')).resolve('@remix-run/router/package.json'),
  );
  const version = (dir: string): string =>
    JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  return {
    scripts: [
      from('react', 'umd/react.production.min.js').file,
      from('react-dom', 'umd/react-dom.production.min.js').file,
      path.join(remix, 'dist/router.umd.min.js'),
      path.join(router, 'dist/umd/react-router.production.min.js'),
      routerDom.file,
      from('rxjs', 'dist/bundles/rxjs.umd.min.js').file,
    ],
    versions: {
      react: version(from('react', '').dir),
      'react-dom': version(from('react-dom', '').dir),
      'react-router-dom': version(routerDom.dir),
      rxjs: version(from('rxjs', '').dir),
    },
  };
}

/**
 * The spinner a remote shows while a route's screen chunk loads carries this attribute
 * (remote-kit's lazy-screen.tsx, SCREEN_LOADING_ATTRIBUTE): the check waits for the screen.
 */
const SCREEN_LOADING = '[data-screen-loading]';
const SCREEN_POLL_MS = 25;

/** The window as the page's scripts leave it: the UMD globals and what the runtime reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shared packages' UMD globals
type PageWindow = Window & typeof globalThis & Record<string, any>;

/** The jsdom page at the remote's first route; `errors` collects what it could not load. */
function openPage(task: MountTask, errors: string[]) {
  const serve = files({ ...task, hostEntry: HOST_ENTRY });
  class Loader extends ResourceLoader {
    override fetch(url: string) {
      const body = serve(url);
      if (!body) errors.push(`${new URL(url).pathname} is missing`);
      const answer = body ? Promise.resolve(body) : Promise.reject(new Error(`${url} is missing`));
      // A plain promise is enough: jsdom aborts only the loads of a page being closed.
      return answer as unknown as ReturnType<ResourceLoader['fetch']>;
    }
  }
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => errors.push(error.message));
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: `${ORIGIN}${task.route}`,
    runScripts: 'dangerously',
    resources: new Loader(),
    pretendToBeVisual: true,
    virtualConsole,
  });
  const window = dom.window as unknown as PageWindow;
  // The runtime reads manifests with fetch, which jsdom does not have.
  window.fetch = async (input: string | URL | Request) => {
    const url = typeof input === 'string' || input instanceof URL ? input : input.url;
    const body = serve(String(new URL(url, ORIGIN)));
    return body
      ? new Response(body as unknown as BodyInit, {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response('missing', { status: 404 });
  };
  // Browser-only APIs the screens may touch on first render.
  window.matchMedia ??= () =>
    ({
      matches: false,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
  window.scrollTo = () => undefined;
  return { window, context: dom.getInternalVMContext() };
}

/** The host's shared modules in the page and a federation instance that shares them. */
function federation(task: MountTask, window: PageWindow, context: vm.Context) {
  const { name, version } = task;
  const shared = sharedScripts(task.hostDir);
  for (const file of shared.scripts) {
    vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file });
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the runtime as the host has it
  const core = windowRequire(context, task.runtimeFrom)('@module-federation/runtime-core') as any;
  window._FEDERATION_RUNTIME_CORE = core;
  const single = (version: string, requiredVersion: string, lib: () => unknown) => ({
    version,
    lib,
    shareConfig: { singleton: true, requiredVersion },
  });
  const { versions } = shared;
  const instance = new core.ModuleFederation({
    name: 'ajo_mount_check',
    remotes: [{ name, entry: `${ORIGIN}/remotes/${name}/${version}/mf-manifest.json` }],
    shared: {
      react: single(versions.react, `^${versions.react}`, () => window.React),
      'react-dom': single(
        versions['react-dom'],
        `^${versions['react-dom']}`,
        () => window.ReactDOM,
      ),
      'react-dom/client': single(versions['react-dom'], `^${versions['react-dom']}`, () => ({
        createRoot: window.ReactDOM.createRoot,
        hydrateRoot: window.ReactDOM.hydrateRoot,
      })),
      'react-router-dom': single(
        versions['react-router-dom'],
        `^${versions['react-router-dom']}`,
        () => window.ReactRouterDOM,
      ),
      rxjs: single(versions.rxjs, `^${versions.rxjs}`, () => window.rxjs),
    },
    shareStrategy: 'loaded-first',
    plugins: [],
  });
  core.setGlobalFederationInstance?.(instance);
  return instance as { loadRemote(id: string): Promise<unknown> };
}

/** single-spa's lifecycles as ./app exports them. */
interface Lifecycles {
  bootstrap?: (props: unknown) => Promise<unknown>;
  mount: (props: unknown) => Promise<unknown>;
  unmount?: (props: unknown) => Promise<unknown>;
}

/** Runs the lifecycles into an element of the page and judges what it shows. */
async function mountInto(
  window: PageWindow,
  lifecycles: Lifecycles,
  task: MountTask,
  errors: string[],
): Promise<MountResult> {
  const { name } = task;
  const element = window.document.createElement('div');
  element.id = `single-spa-application:${name}`;
  window.document.body.appendChild(element);
  const props = {
    name,
    singleSpa: {},
    mountParcel: () => {
      throw new Error('no parcels during the mount check');
    },
    domElement: element,
    domElementGetter: () => element,
  };
  try {
    if (typeof lifecycles.bootstrap === 'function') await lifecycles.bootstrap(props);
  } catch (error) {
    return { ok: false, problem: `bootstrap threw: ${firstLine(error)}` };
  }
  try {
    await lifecycles.mount(props);
  } catch (error) {
    return { ok: false, problem: `mount threw: ${firstLine(error)}` };
  }
  // A screen in a chunk of its own shows a marked spinner until it has loaded: the check is of the
  // screen, so it waits (a screen that never comes is stopped by the parent's time limit).
  while (element.querySelector(SCREEN_LOADING)) {
    await new Promise((resolve) => window.setTimeout(resolve, SCREEN_POLL_MS));
  }
  // A render error inside the remote's boundary, or an error thrown by a timer after mount.
  await new Promise((resolve) => window.setTimeout(resolve, 50));
  if (!element.innerHTML.trim()) {
    return { ok: false, problem: `mount rendered nothing at ${task.route}` };
  }
  // The remote's error boundary (remote-kit lifecycles) shows @ajo/shared's ErrorFallback.
  if (element.querySelector('#ajo-fallback-title')) {
    return { ok: false, problem: `mount rendered the error screen${more(errors)}` };
  }
  const rendered = (element.textContent ?? '').trim().slice(0, 80);
  try {
    if (typeof lifecycles.unmount === 'function') await lifecycles.unmount(props);
  } catch (error) {
    return { ok: false, problem: `unmount threw: ${firstLine(error)}` };
  }
  return { ok: true, rendered };
}

export async function runMountCheck(task: MountTask): Promise<MountResult> {
  const errors: string[] = [];
  const { window, context } = openPage(task, errors);
  const instance = federation(task, window, context);
  // The page is the host's part; from here on the time is the version's.
  task.onReady?.();
  let lifecycles: Lifecycles | undefined;
  try {
    lifecycles = (await instance.loadRemote(`${task.name}/app`)) as Lifecycles | undefined;
  } catch (error) {
    return { ok: false, problem: `./app did not load: ${firstLine(error)}${more(errors)}` };
  }
  if (!lifecycles || typeof lifecycles.mount !== 'function') {
    return {
      ok: false,
      problem: `./app did not load its single-spa lifecycles (bootstrap, mount, unmount)${more(errors)}`,
    };
  }
  return mountInto(window, lifecycles, task, errors);
}

function firstLine(error: unknown) {
  const text =
    error instanceof Error || (error as { message?: unknown } | null)?.message
      ? (error as Error).message
      : String(error);
  return String(text).split('\n')[0]!.slice(0, 300);
}

function more(errors: string[]) {
  return errors.length ? ` (${errors.slice(0, 2).join('; ').slice(0, 300)})` : '';
}
