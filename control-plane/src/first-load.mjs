// The first screen in three round trips (docs/decisions/023-the-first-screen-in-three-round-trips.md).
// index.html carries what the shell would otherwise fetch one after the other before its first
// screen: this browser's registry document and the runtime config, inlined as JSON data the shell
// reads first (host/src/first-load-data.ts; it still fetches them when they are absent, as on a
// static host), and preload hints for the files the route being served loads, in the version the
// inlined document chose for this browser, so they download beside main.js instead of after it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTES } from '@ajo/tooling/remotes';

/** The ids the shell reads (host/src/first-load-data.ts names the same). */
export const REGISTRY_DATA_ID = 'ajo-registry';
export const APP_CONFIG_DATA_ID = 'ajo-app-config';
/** Written by the shell's build (host/webpack.config.cjs): the shell's chunks per first screen. */
export const SHELL_CHUNKS_FILE = 'first-load.json';

/**
 * JSON as inert page data: `<script type="application/json">` is never executed, and `<` written
 * as \u003c keeps a `</script>` or `<!--` inside a value from ending or changing the element.
 * U+2028/U+2029 are escaped too, for any reader that takes the text as JavaScript.
 */
export function jsonDataElement(id, value, nonce) {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}" nonce="${nonce}">${json}</script>`;
}

/** Where the early requests leave their answers for the shell (host/src/api/early-requests.ts). */
export const EARLY_REQUESTS_GLOBAL = '__ajoEarly';

/**
 * A signed-in page's first requests, started by the HTML before any script of ours has arrived
 * (docs/decisions/026-a-signed-in-page-asks-for-its-user-from-the-html.md): the app-check token,
 * then the user with it, with the session the browser keeps (SPEC §3: `tk` and `id` in
 * localStorage). The shell takes the answers over (host/src/api/early-requests.ts): the token's body,
 * the user's status, challenge and body; without a session it asks nothing, and a request that
 * failed on the way leaves null (the shell then asks as before). Plain ES5, nonce'd (the page's
 * script-src), the base URL written as escaped JSON.
 */
export function earlyRequestsElement(apiBaseUrl, nonce) {
  const base = JSON.stringify(String(apiBaseUrl))
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const code = [
    '(function(){try{',
    'var s=window.localStorage,t=s.getItem("tk"),i=s.getItem("id");if(!t||!i)return;',
    `var b=${base};`,
    'var c=fetch(b+"/app-check/token").then(function(r){return r.ok?r.json():null})',
    '.catch(function(){return null});',
    `window.${EARLY_REQUESTS_GLOBAL}={tk:t,id:i,appCheck:c,user:c.then(function(a){`,
    'var h={Authorization:"Bearer "+t};if(a&&typeof a.token==="string")h["X-App-Check"]=a.token;',
    'return fetch(b+"/users/"+encodeURIComponent(i),{headers:h})})',
    '.then(function(r){return r.json().catch(function(){return null}).then(function(j){',
    'return{status:r.status,challenge:r.headers.get("WWW-Authenticate")||"",body:j}})})',
    '.catch(function(){return null})};',
    '}catch(e){}})();',
  ].join('');
  return `<script nonce="${nonce}">${code}</script>`;
}

const normalise = (pathname) => {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
};

/**
 * What the shell shows on `pathname` (the route table of host/src/routes/route-table.ts, read from
 * the same list of remotes): the owning remote (null: the shell's own /login), whether the page
 * needs the host's services (bus, session) and whether it is a signed-in page.
 */
export function firstScreenOf(pathname) {
  const target = normalise(pathname);
  if (target === '/login') return { remote: null, services: true, signedIn: false };
  for (const remote of REMOTES) {
    for (const route of remote.routes) {
      const hit = route.prefix
        ? target === route.path || target.startsWith(`${route.path}/`)
        : target === route.path;
      if (hit) {
        return {
          remote: remote.name,
          services: route.static !== true,
          signedIn: route.protected === true,
        };
      }
    }
  }
  const home = REMOTES.find((remote) => 'home' in remote && remote.home);
  return { remote: home?.name ?? null, services: false, signedIn: false };
}

/** The host container is built beside the shell (host/webpack.config.cjs, registry-client.ts). */
const HOST_MANIFEST = '/mf-manifest.json';
const SAFE_URL = /^\/[A-Za-z0-9._~\-/]*$/;
const js = (file) => file.endsWith('.js');
const css = (file) => file.endsWith('.css');

/**
 * @param {{ distDir: string, deployDir: string }} o
 */
export function createFirstLoadHints({ distDir, deployDir }) {
  // Published versions never change (registry/publishing.ts), nor does a built shell: read once each.
  const manifests = new Map();
  const readJson = (file) =>
    readFile(file, 'utf8')
      .then((text) => JSON.parse(text))
      .catch(() => null);
  const fileOf = (url) => {
    // The host container beside the shell, or a published remote's own manifest under deployDir
    // (the registry writes these URLs).
    if (url === HOST_MANIFEST) return path.join(distDir, 'mf-manifest.json');
    const match = /^\/remotes\/([a-z_]+)\/([^/]+)\/mf-manifest\.json$/.exec(url ?? '');
    if (!match || match[2].includes('..')) return null;
    return path.join(deployDir, 'remotes', match[1], match[2], 'mf-manifest.json');
  };
  const manifestAt = (url) => {
    const file = fileOf(url);
    if (!file) return Promise.resolve(null);
    if (!manifests.has(url)) {
      const pending = readJson(file);
      manifests.set(url, pending);
      // A version not there yet may be published later: only what was read is kept.
      pending.then((manifest) => manifest ?? manifests.delete(url));
    }
    return manifests.get(url);
  };
  let shell = null;
  const shellChunks = () => {
    shell ??= readJson(path.join(distDir, SHELL_CHUNKS_FILE)).then((value) => {
      if (!value) shell = null;
      return value ?? {};
    });
    return shell;
  };

  /**
   * What a container's first screen loads, from its manifest (MF 2 resolves the manifest's files
   * against the manifest's own folder when publicPath is 'auto'): the manifest itself (fetched), the
   * remote entry and the sync chunks of `exposes` (script tags; `withAsync`: their async chunks too,
   * but for those host/api loads only when a call needs them)
   * and their sync stylesheets (the shell's webpack runtime links them).
   */
  async function containerFiles(manifestUrl, exposes, withAsync = false) {
    const manifest = await manifestAt(manifestUrl);
    // An async chunk that is also an async chunk of host/api is one the client loads later, on
    // its own (the cipher: host/src/api/client.ts), never for the first screen's user fetch.
    const later = new Set(
      (manifest?.exposes ?? []).find((expose) => expose.name === 'api')?.assets?.js?.async ?? [],
    );
    const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    const fetches = [manifestUrl];
    const scripts = [];
    const styles = [];
    const entry = manifest?.metaData?.remoteEntry;
    if (!manifest || typeof entry?.name !== 'string') return { fetches, scripts, styles };
    scripts.push(`${base}${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`);
    for (const expose of manifest.exposes ?? []) {
      if (!exposes.includes(expose.name ?? String(expose.path).replace(/^\.\//, ''))) continue;
      scripts.push(...(expose.assets?.js?.sync ?? []).filter(js).map((file) => `${base}${file}`));
      styles.push(...(expose.assets?.css?.sync ?? []).filter(css).map((file) => `${base}${file}`));
      if (withAsync) {
        scripts.push(
          ...(expose.assets?.js?.async ?? [])
            .filter((file) => js(file) && !later.has(file))
            .map((file) => `${base}${file}`),
        );
      }
    }
    return { fetches, scripts, styles };
  }

  /**
   * The preload hints for `pathname` in a browser served `registry` (its per-browser document).
   * Nonce'd: the page's script-src is a nonce with 'strict-dynamic', which a preload answers to too.
   * `painted`: the page comes with a picture of its screen (its scripts are hinted at low priority).
   */
  async function hintsFor(pathname, registry, nonce, { painted = false } = {}) {
    const screen = firstScreenOf(pathname);
    const chunks = await shellChunks();
    const fetches = [];
    const shell = [
      ...(chunks.bootstrap ?? []),
      ...(screen.remote === null ? (chunks.login ?? []) : []),
    ];
    const scripts = shell.filter(js);
    const styles = shell.filter(css);
    if (screen.services) {
      // The host container: the shell loads host/bus and host/session through it; a signed-in
      // page asks for the user at once (host/api is what session's loadUser loads).
      const host = await containerFiles(HOST_MANIFEST, ['bus', 'session'], screen.signedIn);
      fetches.push(...host.fetches);
      scripts.push(...host.scripts);
      styles.push(...host.styles);
    }
    const chosen = screen.remote ? registry?.remotes?.[screen.remote]?.manifest : null;
    if (chosen) {
      const remote = await containerFiles(chosen, ['app']);
      fetches.push(...remote.fetches);
      scripts.push(...remote.scripts);
      styles.push(...remote.styles);
    }
    // A page served with a picture of its screen (first-paint.mjs) paints once its HTML and CSS
    // are in: its scripts are asked for at low priority, so on a slow link they do not take the
    // bandwidth the stylesheets need first.
    const priority = (as) => (painted && as !== 'style' ? ' fetchpriority="low"' : '');
    const tag = (href, as) =>
      SAFE_URL.test(href)
        ? `<link rel="preload" href="${href}" as="${as}"${as === 'fetch' ? ' crossorigin' : ''}${priority(as)} nonce="${nonce}">`
        : '';
    const unique = (list) => [...new Set(list)];
    const rooted = (files) =>
      unique(files.map((file) => (file.startsWith('/') ? file : `/${file}`)));
    return [
      ...unique(fetches).map((href) => tag(href, 'fetch')),
      ...rooted(styles).map((href) => tag(href, 'style')),
      ...rooted(scripts).map((href) => tag(href, 'script')),
    ].join('');
  }

  return { hintsFor };
}
