#!/usr/bin/env node
// `ajo-publish-remote`: a team's pipeline publishes its remote without the monorepo. Run in the
// remote's folder after its build: uploads dist/ as a .tar.gz to the operator API
// (PUT /_operator/registry/<remote>/versions/<version>), the version being the package's, which must
// be the one the build stamped into dist/mf-manifest.json. --activate then makes it live through
// the same API (after the app server's checks, the headless mount included).
//   AJO_REGISTRY_URL=https://ops.example AJO_OPERATOR_TOKEN=... ajo-publish-remote [--activate] [--reason <text>]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tar from 'tar';
import remotes from './remotes.cjs';

function fail(message) {
  process.stderr.write(`ajo-publish-remote: ${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({
  options: { activate: { type: 'boolean' }, reason: { type: 'string' } },
});
const base = process.env.AJO_REGISTRY_URL;
const token = process.env.AJO_OPERATOR_TOKEN;
if (!base || !token) fail('set AJO_REGISTRY_URL (the operator API) and AJO_OPERATOR_TOKEN');

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const remote = remotes.REMOTES.find((r) => remotes.remotePackage(r) === pkg.name);
if (!remote) fail(`${pkg.name} is not a remote (@ajo/tooling/remotes)`);
let built;
try {
  built = JSON.parse(readFileSync(path.join('dist', 'mf-manifest.json'), 'utf8'))?.metaData
    ?.buildInfo?.buildVersion;
} catch {
  fail('dist/mf-manifest.json is missing: build first');
}
if (built !== pkg.version) {
  fail(`dist was built as version ${built}, the package is ${pkg.version}: build again`);
}

async function call(method, url, body, headers) {
  const res = await fetch(new URL(url, base), {
    method,
    headers: { authorization: `Bearer ${token}`, ...headers },
    body,
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) fail(`${method} ${url} answered ${res.status}: ${answer.message ?? ''}`);
  return answer;
}

const chunks = [];
for await (const chunk of tar.c({ gzip: true, cwd: 'dist', portable: true }, ['.'])) {
  chunks.push(chunk);
}
const published = await call(
  'PUT',
  `/_operator/registry/${remote.name}/versions/${encodeURIComponent(pkg.version)}`,
  Buffer.concat(chunks),
  { 'content-type': 'application/gzip' },
);
process.stdout.write(`${JSON.stringify(published)}\n`);
if (values.activate) {
  const live = await call(
    'PUT',
    `/_operator/registry/${remote.name}`,
    JSON.stringify({ version: pkg.version, reason: values.reason }),
    { 'content-type': 'application/json' },
  );
  process.stdout.write(`${JSON.stringify(live)}\n`);
}
