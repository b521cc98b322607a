#!/usr/bin/env node
// `ajo-publish-remote`: a team's pipeline publishes its remote without the monorepo. Run in the
// remote's folder after its build: uploads dist/ as a .tar.gz to the operator API
// (PUT /_operator/registry/<remote>/versions/<version>), the remote being the `name` its remote.json
// declares and the version the package's, which must be the one the build stamped into
// dist/mf-manifest.json. --activate then makes it live through the same API (after the app server's
// checks, the headless mount included); --new-remote publishes the first version of a remote the
// registry does not know yet (the operator API registers the name with it).
//   AJO_REGISTRY_URL=https://ops.example[/prefix] AJO_OPERATOR_TOKEN=... \
//     ajo-publish-remote [--activate] [--reason <text>] [--new-remote]
// Every failure is one line on stderr (what, where, what to check) and exit code 1: a pipeline's log
// should say what to fix, not where in this file it broke.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tar from 'tar';

/** The federation name rule of remote.json (the contract the build and the registry share). */
const REMOTE_NAME = /^[a-z][a-z0-9_]{1,30}$/;
/** Publishing runs the registry's checks, the headless mount included: minutes, not hours. */
const ANSWER_TIMEOUT_MS = 5 * 60_000;

class PublishError extends Error {}

function fail(message) {
  throw new PublishError(message);
}

/**
 * `path` under the registry URL, its path prefix kept: https://ops.example/platform/ serves the
 * operator API at /platform/_operator/... (behind a proxy that routes by prefix), where
 * `new URL('/_operator/...', base)` would drop /platform.
 */
function operatorUrl(base, route) {
  let url;
  try {
    url = new URL(base);
  } catch {
    fail(`AJO_REGISTRY_URL is not a URL: ${JSON.stringify(base)} (e.g. https://ops.example)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`AJO_REGISTRY_URL must be an http(s) URL, not ${url.protocol}`);
  }
  if (url.search || url.hash) fail('AJO_REGISTRY_URL takes no query or fragment');
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return new URL(route.replace(/^\/+/, ''), url);
}

/** Why a request found no server, in words (undici puts the system error in `cause`). */
function unreachable(error) {
  if (error?.name === 'TimeoutError') return `no answer within ${ANSWER_TIMEOUT_MS / 1000} s`;
  const cause = error?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  const reasons = {
    ECONNREFUSED: 'connection refused (nothing listens there)',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name could not be resolved now',
    ECONNRESET: 'the connection was closed before an answer',
    UND_ERR_SOCKET: 'the connection was closed before an answer',
    ETIMEDOUT: 'the connection timed out',
  };
  return reasons[code] ?? (cause?.message || error?.message || String(error));
}

async function call({ base, token }, method, route, body, headers) {
  const url = operatorUrl(base, route);
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
      body,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  } catch (error) {
    fail(
      `cannot reach the registry at ${url.origin}${url.pathname}: ${unreachable(error)}. ` +
        'Check AJO_REGISTRY_URL (the operator API, with its path prefix if it has one) and that it is reachable from here; ' +
        'running again is safe (a version is published once, the same build again is accepted).',
    );
  }
  let text;
  try {
    text = await res.text();
  } catch (error) {
    fail(
      `${method} ${url.pathname} answered ${res.status} but the answer broke off: ${unreachable(error)}`,
    );
  }
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    const type = res.headers.get('content-type')?.split(';')[0] || 'no content type';
    fail(
      `${method} ${url.origin}${url.pathname} answered ${res.status} with ${type}, not the operator API's JSON. ` +
        'Check that AJO_REGISTRY_URL points at the operator API (its address and path prefix), not a web page or proxy.',
    );
  }
  if (!res.ok) {
    fail(
      `${method} ${url.pathname} answered ${res.status}: ${answer?.message ?? JSON.stringify(answer)}`,
    );
  }
  return answer;
}

function readJson(file, missing) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    fail(missing);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`${file} is not JSON: ${error.message}`);
  }
}

async function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        activate: { type: 'boolean' },
        reason: { type: 'string' },
        'new-remote': { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(`${error.message} (options: --activate, --reason <text>, --new-remote)`);
  }
  const base = process.env.AJO_REGISTRY_URL;
  const token = process.env.AJO_OPERATOR_TOKEN;
  if (!base || !token) fail('set AJO_REGISTRY_URL (the operator API) and AJO_OPERATOR_TOKEN');
  operatorUrl(base, '/');

  const pkg = readJson('package.json', "no package.json here: run in the remote's folder");
  const declared = readJson(
    'remote.json',
    'no remote.json here: a remote declares its name and what it contributes in remote.json beside package.json',
  );
  const name = declared?.name;
  if (typeof name !== 'string' || !REMOTE_NAME.test(name) || name === 'host') {
    fail(
      `remote.json's name ${JSON.stringify(name)} is not a remote name (a-z, 0-9, _; 2-31 characters; not host)`,
    );
  }
  const manifest = readJson(
    path.join('dist', 'mf-manifest.json'),
    'dist/mf-manifest.json is missing: build first',
  );
  const built = manifest?.metaData?.buildInfo?.buildVersion;
  if (built !== pkg.version) {
    fail(`dist was built as version ${built}, the package is ${pkg.version}: build again`);
  }
  if (manifest.name !== name) {
    fail(`dist was built as the remote ${manifest.name}, remote.json names ${name}: build again`);
  }

  const chunks = [];
  for await (const chunk of tar.c({ gzip: true, cwd: 'dist', portable: true }, ['.'])) {
    chunks.push(chunk);
  }
  const registry = { base, token };
  const published = await call(
    registry,
    'PUT',
    `/_operator/registry/${name}/versions/${encodeURIComponent(pkg.version)}${values['new-remote'] ? '?new-remote=1' : ''}`,
    Buffer.concat(chunks),
    { 'content-type': 'application/gzip' },
  );
  process.stdout.write(`${JSON.stringify(published)}\n`);
  if (values.activate) {
    const live = await call(
      registry,
      'PUT',
      `/_operator/registry/${name}`,
      JSON.stringify({ version: pkg.version, reason: values.reason }),
      { 'content-type': 'application/json' },
    );
    process.stdout.write(`${JSON.stringify(live)}\n`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  // Anything else (a tar error, a full disk) is still one line, with what it was.
  const message =
    error instanceof PublishError ? error.message : `failed: ${error?.message ?? error}`;
  process.stderr.write(`ajo-publish-remote: ${message}\n`);
  process.exitCode = 1;
}
