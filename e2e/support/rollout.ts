// An operator's rollout, through the app server's operator API as they would use it
// (host/README.md "Operators"): roll a version out to a share of browsers, issue a tester a signed
// override link, see which version a page loaded. Publishing the versions: support/operator.ts.
import type { Page } from '@playwright/test';
import { REGISTRY_ADMIN_TOKEN } from './paths';

interface Server {
  baseURL: string;
  deployDir: string;
}

const auth = { authorization: `Bearer ${REGISTRY_ADMIN_TOKEN}` };

async function call(server: Server, method: string, route: string, body?: unknown) {
  const res = await fetch(`${server.baseURL}${route}`, {
    method,
    headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The version live for everyone (the operator's view of the registry). */
export async function liveVersion(server: Server, remote: string): Promise<string> {
  const { state } = (await call(server, 'GET', '/_operator/registry')) as {
    state: { remotes: Record<string, { active: string } | undefined> };
  };
  const active = state.remotes[remote]?.active;
  if (!active) throw new Error(`${remote} has no live version: ${JSON.stringify(state)}`);
  return active;
}

export async function rollOut(
  server: Server,
  remote: string,
  version: string,
  percent: number,
): Promise<void> {
  await call(server, 'PUT', `/_operator/registry/${remote}/rollout`, {
    version,
    percent,
    reason: 'journey: canary',
  });
}

/** The link a tester opens to load `version` of `remote` in their browser only. */
export async function overrideLink(
  server: Server,
  remote: string,
  version: string,
): Promise<string> {
  const { link } = await call(server, 'POST', '/_operator/overrides', {
    remote,
    version,
    minutes: 30,
    reason: 'journey: a tester checks the next version',
  });
  return `${server.baseURL}${String(link)}`;
}

/** Which versions of `remote` the page fetched the manifest of, in order. */
export function watchManifests(page: Page, remote: string): string[] {
  const versions: string[] = [];
  const pattern = new RegExp(`/remotes/${remote}/([^/]+)/mf-manifest\\.json$`);
  page.on('request', (request) => {
    const match = pattern.exec(new URL(request.url()).pathname);
    if (match?.[1]) versions.push(decodeURIComponent(match[1]));
  });
  return versions;
}
