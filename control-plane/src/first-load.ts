// The first screen in three round trips (docs/decisions/023-the-first-screen-in-three-round-trips.md).
// index.html carries what the shell would otherwise fetch one after the other before its first
// screen: this browser's registry document and the runtime config, inlined as JSON data the shell
// reads first (host/src/first-load-data.ts; it still fetches them when they are absent, as on a
// static host), and preload hints for the files the route being served loads, in the version the
// inlined document chose for this browser, so they download beside main.js instead of after it.
import { composeRoutes, resolveRoute, type RouteTable } from '@ajo/tooling/contributions';
import {
  containerFiles,
  createManifestReader,
  css,
  HOST_MANIFEST,
  js,
} from './first-load-files.js';
import type { RegistryDocument } from './registry/index.js';

/** The ids the shell reads (host/src/first-load-data.ts names the same). */
export const REGISTRY_DATA_ID = 'ajo-registry';
export const APP_CONFIG_DATA_ID = 'ajo-app-config';
export { SHELL_CHUNKS_FILE } from './first-load-files.js';

/**
 * JSON as inert page data: `<script type="application/json">` is never executed, and `<` written
 * as \u003c keeps a `</script>` or `<!--` inside a value from ending or changing the element.
 * U+2028/U+2029 are escaped too, for any reader that takes the text as JavaScript.
 */
export function jsonDataElement(id: string, value: unknown, nonce: string) {
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
export function earlyRequestsElement(apiBaseUrl: string, nonce: string) {
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

/** What the shell shows on a path: firstScreenOf's answer. */
export interface FirstScreen {
  /** null: the shell's own page (/login); '': no live remote owns the path or the home page. */
  remote: string | null;
  services: boolean;
  signedIn: boolean;
}

/** The shell's own route (docs/architecture.md "The pieces": the host owns auth). */
export const HOST_ROUTES = [{ path: '/login', label: 'Login' }];

/**
 * The route table of a registry document, composed as the shell composes it (the same module,
 * @ajo/tooling/contributions; record 038). Kept for the last documents seen: most requests carry
 * the everyone-live one, and composing is a few hundred lookups.
 */
const tables = new Map<string, RouteTable>();
export function routeTableOf(registry: RegistryDocument | null | undefined): RouteTable {
  const key = JSON.stringify([
    Object.entries(registry?.remotes ?? {}).map(([name, r]) => `${name}@${r.version}`),
    registry?.winners ?? null,
  ]);
  let table = tables.get(key);
  if (!table) {
    table = composeRoutes(registry, HOST_ROUTES);
    if (tables.size >= 32) tables.delete(tables.keys().next().value as string);
    tables.set(key, table);
  }
  return table;
}

/**
 * What the shell shows on `pathname` for a browser served `registry`: the owning remote (null: the
 * shell's own /login), whether the page needs the host's services (bus, session) and whether it is
 * a signed-in page.
 */
export function firstScreenOf(
  pathname: string,
  registry: RegistryDocument | null | undefined,
): FirstScreen {
  const table = routeTableOf(registry);
  const route = resolveRoute(table, pathname) ?? table.home;
  if (route.owner === 'host') return { remote: null, services: true, signedIn: false };
  return { remote: route.owner, services: !route.static, signedIn: route.protected };
}

const SAFE_URL = /^\/[A-Za-z0-9._~\-/]*$/;

/** The preload tags of the files, each URL once; `painted`: scripts at low priority. */
function preloadTags(
  files: { fetches: string[]; scripts: string[]; styles: string[] },
  nonce: string,
  painted: boolean,
) {
  // A page served with a picture of its screen (first-paint.ts) paints once its HTML and CSS
  // are in: its scripts are asked for at low priority, so on a slow link they do not take the
  // bandwidth the stylesheets need first.
  const priority = (as: string) => (painted && as !== 'style' ? ' fetchpriority="low"' : '');
  const tag = (href: string, as: string) =>
    SAFE_URL.test(href)
      ? `<link rel="preload" href="${href}" as="${as}"${as === 'fetch' ? ' crossorigin' : ''}${priority(as)} nonce="${nonce}">`
      : '';
  const unique = (list: string[]) => [...new Set(list)];
  const rooted = (list: string[]) =>
    unique(list.map((file) => (file.startsWith('/') ? file : `/${file}`)));
  return [
    ...unique(files.fetches).map((href) => tag(href, 'fetch')),
    ...rooted(files.styles).map((href) => tag(href, 'style')),
    ...rooted(files.scripts).map((href) => tag(href, 'script')),
  ].join('');
}

export function createFirstLoadHints({
  distDir,
  deployDir,
}: {
  distDir: string;
  deployDir: string;
}) {
  const { manifestAt, shellChunks } = createManifestReader({ distDir, deployDir });

  /**
   * The preload hints for `pathname` in a browser served `registry` (its per-browser document).
   * Nonce'd: the page's script-src is a nonce with 'strict-dynamic', which a preload answers to too.
   * `painted`: the page comes with a picture of its screen (its scripts are hinted at low priority).
   */
  async function hintsFor(
    pathname: string,
    registry: RegistryDocument | null | undefined,
    nonce: string,
    { painted = false }: { painted?: boolean } = {},
  ) {
    const screen = firstScreenOf(pathname, registry);
    const chunks = await shellChunks();
    const fetches: string[] = [];
    const shell = [
      ...(chunks.bootstrap ?? []),
      ...(screen.remote === null ? (chunks.login ?? []) : []),
    ];
    const scripts = shell.filter(js);
    const styles = shell.filter(css);
    const add = (files: { fetches: string[]; scripts: string[]; styles: string[] }) => {
      fetches.push(...files.fetches);
      scripts.push(...files.scripts);
      styles.push(...files.styles);
    };
    if (screen.services) {
      // The host container: the shell loads host/bus and host/session through it; a signed-in
      // page asks for the user at once (host/api is what session's loadUser loads).
      add(await containerFiles(manifestAt, HOST_MANIFEST, ['bus', 'session'], screen.signedIn));
    }
    const chosen = screen.remote ? registry?.remotes?.[screen.remote]?.manifest : null;
    if (chosen) add(await containerFiles(manifestAt, chosen, ['app']));
    return preloadTags({ fetches, scripts, styles }, nonce, painted);
  }

  return { hintsFor };
}
