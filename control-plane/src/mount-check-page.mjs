// The headless mount smoke test's page (docs/decisions/022-a-version-is-mounted-before-it-goes-live.md),
// run in a child process of its own by mount-check.mjs: a jsdom window that plays the shell. It
// gives the version the federation runtime and the host's shared modules (react, react-dom,
// react-router-dom, rxjs at the versions installed for the host), a stand-in for the host's
// services (host/api answers every call with an error, like a middleware that is down; host/session
// has nobody signed in; host/bus carries events), loads the version's manifest, its entry and its
// exposed ./app, and runs single-spa's bootstrap and mount into an element. It prints one JSON line:
// { ok: true, html } or { ok: false, problem }.
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire, builtinModules } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { JSDOM, ResourceLoader, VirtualConsole } from 'jsdom';

const ORIGIN = 'http://mount-check.invalid';

/** What the page serves: the version's folder under /remotes/<name>/<version>/, the fake host. */
function files({ dir, name, version, hostEntry }) {
  const prefix = `/remotes/${name}/${version}/`;
  const hostManifest = JSON.stringify({
    id: 'host',
    name: 'host',
    metaData: {
      name: 'host',
      type: 'app',
      buildInfo: { buildVersion: '0.0.0', buildName: 'mount-check' },
      remoteEntry: { name: 'host-entry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: 'host',
      pluginVersion: '2.9.2',
      publicPath: '/',
    },
    shared: [],
    remotes: [],
    exposes: ['api', 'bus', 'session'].map((e) => ({
      id: `host:${e}`,
      name: e,
      path: `./${e}`,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
  });
  return (url) => {
    const { pathname, origin } = new URL(url);
    if (origin !== ORIGIN) return null;
    if (pathname === '/mf-manifest.json') return Buffer.from(hostManifest);
    if (pathname === '/host-entry.js') return Buffer.from(hostEntry);
    if (!pathname.startsWith(prefix)) return null;
    const file = path.resolve(dir, decodeURIComponent(pathname.slice(prefix.length)));
    if (!file.startsWith(path.resolve(dir) + path.sep)) return null;
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  };
}

/** The host's services as a federation container (`host/api`, `host/bus`, `host/session`). */
const HOST_ENTRY = `var host = (function () {
  var rx = window.rxjs;
  var down = function () {
    return Promise.reject({ status: 503, message: 'No middleware during the mount check', data: undefined });
  };
  var methods = function () {
    return { get: down, post: down, put: down, patch: down, delete: down };
  };
  var api = methods();
  api.encrypted = methods();
  var config = { apiBaseUrl: '/api', encryptionSecret: 'mount-check', bankName: 'Ajo' };
  var events = new rx.Subject();
  var bus = {
    emit: function (event) { events.next(event); },
    on: function (type) { return events.pipe(rx.filter(function (e) { return e.type === type; })); },
    events$: events.asObservable(),
  };
  var user$ = new rx.BehaviorSubject(null);
  var session = {
    getToken: function () { return null; },
    getUserId: function () { return null; },
    isAuthenticated: function () { return false; },
    start: function () {},
    startSignup: function () {},
    getSignupToken: function () { return null; },
    endSignup: function () {},
    user$: user$,
    getUser: function () { return user$.getValue(); },
    setUser: function (user) { user$.next(user); },
    loadUser: down,
    signOut: function () {},
  };
  var modules = {
    './api': {
      api: api,
      isApiError: function (e) { return !!e && typeof e.status === 'number'; },
      getAppConfig: function () { return Promise.resolve(config); },
      encryptPayload: function () { return ''; },
      decryptPayload: function () { return null; },
    },
    './bus': { bus: bus },
    './session': { session: session, TOKEN_KEY: 'tk', USER_ID_KEY: 'id' },
  };
  return {
    init: function () {},
    get: function (id) {
      var mod = modules[id];
      if (!mod) return Promise.reject(new Error('host has no ' + id));
      return Promise.resolve(function () { return mod; });
    },
  };
})();`;

/**
 * CommonJS modules evaluated inside the window (the federation runtime has no browser build): the
 * runtime then sees the window's document, fetch and globals, as it does in a browser.
 */
function windowRequire(context, fromFile) {
  const cache = new Map();
  const load = (request, parent) => {
    if (builtinModules.includes(request.replace(/^node:/, ''))) {
      return createRequire(parent)(request);
    }
    const file = realpathSync(createRequire(parent).resolve(request));
    if (cache.has(file)) return cache.get(file).exports;
    const module = { exports: {} };
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
    fn(module.exports, (r) => load(r, file), module, file, path.dirname(file), {
      env: { NODE_ENV: 'production' },
    });
    return module.exports;
  };
  return (request) => load(request, fromFile);
}

/** The browser builds (UMD) of the host's shared packages, from the host's node_modules. */
function sharedScripts(hostDir) {
  const from = (pkg, file) => {
    const dir = path.dirname(realpathSync(path.join(hostDir, 'node_modules', pkg, 'package.json')));
    return { dir, file: path.join(dir, file) };
  };
  const routerDom = from('react-router-dom', 'dist/umd/react-router-dom.production.min.js');
  const routerRequire = createRequire(path.join(routerDom.dir, 'package.json'));
  const router = path.dirname(routerRequire.resolve('react-router/package.json'));
  const remix = path.dirname(
    createRequire(path.join(router, 'package.json')).resolve('@remix-run/router/package.json'),
  );
  const version = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
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

/** The route the remote is mounted at: its first own route, or / for the home remote. */
function firstRoute(remotes, name) {
  const remote = remotes.find((r) => r.name === name);
  return remote?.home ? '/' : (remote?.routes?.[0]?.path ?? '/');
}

export async function runMountCheck({
  dir,
  name,
  version,
  hostDir,
  runtimeFrom,
  remotes,
  onReady,
}) {
  const serve = files({ dir, name, version, hostEntry: HOST_ENTRY });
  const errors = [];
  class Loader extends ResourceLoader {
    fetch(url) {
      const body = serve(url);
      if (!body) {
        errors.push(`${new URL(url).pathname} is missing`);
        return Promise.reject(new Error(`${url} is missing`));
      }
      return Promise.resolve(body);
    }
  }
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => errors.push(error.message));
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: `${ORIGIN}${firstRoute(remotes, name)}`,
    runScripts: 'dangerously',
    resources: new Loader(),
    pretendToBeVisual: true,
    virtualConsole,
  });
  const { window } = dom;
  const context = dom.getInternalVMContext();
  // The runtime reads manifests with fetch, which jsdom does not have.
  window.fetch = async (input) => {
    const body = serve(String(new URL(typeof input === 'string' ? input : input.url, ORIGIN)));
    return body
      ? new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('missing', { status: 404 });
  };
  // Browser-only APIs the screens may touch on first render.
  window.matchMedia ??= () => ({
    matches: false,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  });
  window.scrollTo = () => undefined;

  const shared = sharedScripts(hostDir);
  for (const file of shared.scripts) {
    vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file });
  }
  const core = windowRequire(context, runtimeFrom)('@module-federation/runtime-core');
  window._FEDERATION_RUNTIME_CORE = core;
  const single = (version, requiredVersion, lib) => ({
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

  // The page is the host's part; from here on the time is the version's.
  onReady?.();
  let lifecycles;
  try {
    lifecycles = await instance.loadRemote(`${name}/app`);
  } catch (error) {
    return { ok: false, problem: `./app did not load: ${firstLine(error)}${more(errors)}` };
  }
  if (!lifecycles || typeof lifecycles.mount !== 'function') {
    return {
      ok: false,
      problem: `./app did not load its single-spa lifecycles (bootstrap, mount, unmount)${more(errors)}`,
    };
  }
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
    return { ok: false, problem: `mount rendered nothing at ${firstRoute(remotes, name)}` };
  }
  // The remote's error boundary (remote-kit lifecycles) shows @ajo/shared's ErrorFallback.
  if (element.querySelector('#ajo-fallback-title')) {
    return { ok: false, problem: `mount rendered the error screen${more(errors)}` };
  }
  const rendered = element.textContent.trim().slice(0, 80);
  try {
    if (typeof lifecycles.unmount === 'function') await lifecycles.unmount(props);
  } catch (error) {
    return { ok: false, problem: `unmount threw: ${firstLine(error)}` };
  }
  return { ok: true, rendered };
}

function firstLine(error) {
  const text = error instanceof Error || error?.message ? error.message : String(error);
  return String(text).split('\n')[0].slice(0, 300);
}

function more(errors) {
  return errors.length ? ` (${errors.slice(0, 2).join('; ').slice(0, 300)})` : '';
}
