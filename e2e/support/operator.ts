// The operator's side of the registry (docs/architecture.md "Micro-frontends": operators switch or
// roll back a remote's version without rebuilding anything): the app server's authenticated
// endpoint (GET /_operator/registry, PUT /_operator/registry/<remote>, POST .../<remote>/rollback,
// the upload of a built version) and, for a version that was never published or fails the checks,
// `force` with a reason (the CLI's --force --reason; refused without them).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeRunDir } from './deploy-dir';
import { REGISTRY_ADMIN_TOKEN } from './paths';

export interface Server {
  baseURL: string;
}

const auth = { authorization: `Bearer ${REGISTRY_ADMIN_TOKEN}` };

/** An operator request: JSON for objects, a .tar.gz upload for a Buffer. */
export async function operatorCall(
  server: Server,
  method: string,
  route: string,
  body?: unknown,
): Promise<Response> {
  let headers: Record<string, string> = auth;
  let payload: BodyInit | undefined;
  if (Buffer.isBuffer(body)) {
    headers = { ...auth, 'content-type': 'application/gzip' };
    payload = new Uint8Array(body);
  } else if (body !== undefined) {
    headers = { ...auth, 'content-type': 'application/json' };
    payload = JSON.stringify(body);
  }
  return fetch(`${server.baseURL}/_operator/registry${route}`, { method, headers, body: payload });
}

/**
 * The version /registry.json currently hands to every browser for `remote`: asked as a browser in
 * the last rollout bucket (99), which no rollout (1 to 99 %) reaches. Without a bucket the app
 * server deals a random one, and a rollout would answer its version by chance.
 */
export async function activeVersion(server: Server, remote: string): Promise<string> {
  const res = await fetch(`${server.baseURL}/registry.json`, {
    cache: 'no-store',
    headers: { cookie: 'ajo-bucket=99' },
  });
  if (!res.ok) throw new Error(`/registry.json answered ${res.status}`);
  const doc = (await res.json()) as { remotes: Record<string, { version: string }> };
  const entry = doc.remotes[remote];
  if (!entry) throw new Error(`/registry.json has no remote ${remote}: ${JSON.stringify(doc)}`);
  return entry.version;
}

/** Steps back to the version live before the current one through the HTTP endpoint. */
export async function rollBack(server: Server, remote: string): Promise<void> {
  const res = await operatorCall(server, 'POST', `/${remote}/rollback`);
  if (!res.ok)
    throw new Error(
      `POST /_operator/registry/${remote}/rollback answered ${res.status}: ${await res.text()}`,
    );
}

/**
 * Makes `version` live for everyone although it is unpublished or fails the checks: the endpoint's
 * `force` with a reason, like the CLI's --force --reason.
 */
export async function forceVersion(
  server: Server,
  remote: string,
  version: string,
  reason = 'journey: a version that cannot load',
): Promise<void> {
  const res = await operatorCall(server, 'PUT', `/${remote}`, { version, force: true, reason });
  if (!res.ok)
    throw new Error(
      `forced PUT /_operator/registry/${remote} answered ${res.status}: ${await res.text()}`,
    );
}

/** Activating without force: the status and the message (why a version may not go live). */
export async function tryActivate(
  server: Server,
  remote: string,
  version: string,
): Promise<{ status: number; message: string }> {
  const res = await operatorCall(server, 'PUT', `/${remote}`, { version });
  return {
    status: res.status,
    message: ((await res.json()) as { message?: string }).message ?? '',
  };
}

export interface FailureCount {
  remote: string;
  version: string;
  count: number;
  lastAt: string;
  lastMessage: string | null;
}

/** The failures browsers reported, as operators see them on GET /_operator/registry. */
export async function failureCounts(server: Server): Promise<FailureCount[]> {
  const res = await operatorCall(server, 'GET', '');
  if (!res.ok) throw new Error(`GET /_operator/registry answered ${res.status}`);
  return ((await res.json()) as { failures: FailureCount[] }).failures;
}

/** The version /registry.json names as the one browsers fall back to, if any. */
export async function fallbackVersion(server: Server, remote: string): Promise<string | null> {
  const res = await fetch(`${server.baseURL}/registry.json`, { cache: 'no-store' });
  const doc = (await res.json()) as { remotes: Record<string, { fallback?: { version: string } }> };
  return doc.remotes[remote]?.fallback?.version ?? null;
}

/** The endpoint refuses an unpublished version (what keeps operators from breaking a remote by a typo). */
export async function endpointRefuses(
  server: Server,
  remote: string,
  version: string,
): Promise<number> {
  const res = await operatorCall(server, 'PUT', `/${remote}`, { version });
  return res.status;
}

/** Without the token the endpoint answers 401. */
export async function callWithoutToken(server: Server): Promise<number> {
  return (await fetch(`${server.baseURL}/_operator/registry`)).status;
}

/**
 * Publishes the build of `remote`@`from` again as `version`, the way a team's pipeline does: a copy
 * of the published folder (without its .br/.gz, which publishing writes again), changed by `change`
 * if given, its manifest stamped with the new version, uploaded as a .tar.gz
 * (PUT /_operator/registry/<remote>/versions/<version>). Only the private app server sees it.
 */
export async function publishCopy(
  server: Server & { deployDir: string },
  remote: string,
  from: string,
  version: string,
  change?: (dir: string) => void,
): Promise<void> {
  const work = makeRunDir(`release-${remote}`);
  try {
    const dir = path.join(work, 'dist');
    fs.cpSync(path.join(server.deployDir, 'remotes', remote, from), dir, {
      recursive: true,
      filter: (file) => !/\.(br|gz)$/.test(file),
    });
    change?.(dir);
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.metaData.buildInfo.buildVersion = version;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const archive = execFileSync('tar', ['-czf', '-', '-C', dir, '.']);
    const res = await operatorCall(server, 'PUT', `/${remote}/versions/${version}`, archive);
    if (res.status !== 201) {
      throw new Error(
        `publishing ${remote}@${version} answered ${res.status}: ${await res.text()}`,
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A copy of `from` as `version`, or one with an entry that throws (`brokenEntry`), which the app
 * server's headless mount check refuses to make live.
 */
export async function uploadVersion(
  server: Server & { deployDir: string },
  remote: string,
  from: string,
  version: string,
  { brokenEntry = false } = {},
): Promise<void> {
  await publishCopy(server, remote, from, version, (dir) => {
    if (brokenEntry) {
      fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'throw new Error("half-deployed entry");');
    }
  });
}
