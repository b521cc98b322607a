// The shell as the mount check's page plays it (docs/decisions/022-a-version-is-mounted-before-it-goes-live.md):
// the files the page serves (the version's folder, a host container) and that container's
// services (host/api answers every call with an error, like a middleware that is down;
// host/session has nobody signed in; host/bus carries events). mount-check-page.ts runs the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ORIGIN = 'http://mount-check.invalid';

/** What the page serves: the version's folder under /remotes/<name>/<version>/, the fake host. */
export function files({
  dir,
  name,
  version,
  hostEntry,
}: {
  dir: string;
  name: string;
  version: string;
  hostEntry: string;
}): (url: string) => Buffer | null {
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
  return (url: string) => {
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
export const HOST_ENTRY = `var host = (function () {
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
