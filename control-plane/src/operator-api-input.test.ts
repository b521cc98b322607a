/** @jest-environment node */
// The operator API against bad input, too many requests and a broken database; on its own
// server; publishing an uploaded build.
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { buildApp } from './app.js';
import { buildOperatorApp } from './operator/index.js';
import { corruptDatabase, writeBuild } from './registry-test-support.js';

import {
  app,
  appConfig,
  appServerHooks,
  deployDir,
  start,
  tmp,
  useApp,
} from './app-test-support.js';
import type { InjectOptions } from 'fastify';

appServerHooks();

describe('app server', () => {
  it('answers bad operator input with 400/404/413/415 and a message, never 500, and changes nothing', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token' };
    const json = { ...auth, 'content-type': 'application/json' };
    const cases: [InjectOptions & { url: string; payload?: unknown }, number][] = [
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: '{"version":',
        },
        400,
      ],
      [
        { method: 'PUT', url: '/_operator/registry/wallets', headers: json, payload: { v: 1 } },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: 7 },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: '../../x' },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: '0.2.0', reason: 'x'.repeat(501) },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: '0.2.0', pad: 'x'.repeat(5000) },
        },
        413,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: { ...auth, 'content-type': 'application/xml' },
          payload: '<version/>',
        },
        415,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/__proto__',
          headers: json,
          payload: { version: '0.2.0' },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/cards',
          headers: json,
          payload: { version: '0.2.0' },
        },
        404,
      ],
      [{ method: 'POST', url: '/_operator/registry/constructor/rollback', headers: auth }, 400],
      [{ method: 'POST', url: '/_operator/registry/cards/rollback', headers: auth }, 404],
      [
        {
          method: 'POST',
          url: '/_operator/registry/wallets/rollback',
          headers: json,
          payload: '[]',
        },
        400,
      ],
      [{ method: 'GET', url: '/_operator/registry/history?limit=abc', headers: auth }, 400],
      [{ method: 'GET', url: '/_operator/registry/history?remote=__proto__', headers: auth }, 400],
    ];
    for (const [request, status] of cases) {
      const res = await app.inject(request);
      expect([request.url, request.payload, res.statusCode]).toEqual([
        request.url,
        request.payload,
        status,
      ]);
      expect(typeof res.json().message).toBe('string');
    }
    const state = await app.inject({ url: '/_operator/registry', headers: auth });
    expect(state.json().state.remotes.wallets.active).toBe('0.1.0');
    expect(state.json().revision).toBe(3);
  });

  it('rate limits the operator API per client, before the token is looked at', async () => {
    await start('admin-token', { operatorRateLimit: { max: 3, timeWindow: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        url: '/_operator/registry',
        headers: { authorization: `Bearer guess-${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many operator requests/);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Customers' pages and the registry document are not limited.
    for (let i = 0; i < 5; i += 1)
      expect((await app.inject('/registry.json')).statusCode).toBe(200);
  });

  it('keeps serving the last good registry when the database is corrupted; the operator API says why', async () => {
    await start('admin-token');
    const good = (await app.inject('/registry.json')).json();
    // The server restarts onto a file that is no database any more.
    await app.close();
    corruptDatabase(deployDir, 'garbage');
    useApp(
      await buildApp({
        distDir: path.join(tmp, 'dist'),
        deployDir,
        appConfig,
        adminToken: 'admin-token',
        middlewareUrl: 'http://127.0.0.1:9',
      }),
    );
    const served = await app.inject('/registry.json');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(good);
    expect((await app.inject('/remotes/wallets/0.1.0/mf-manifest.json')).statusCode).toBe(200);
    const operator = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(operator.statusCode).toBe(503);
    expect(operator.json().message).toMatch(/npm run registry -- repair/);
  });

  it('serves the operator API on its own server when asked, and then not on the site of the customers', async () => {
    await start('admin-token', { operatorApiElsewhere: true });
    const onSite = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(onSite.statusCode).toBe(404);
    const operatorApp = await buildOperatorApp({ deployDir, adminToken: 'admin-token' });
    try {
      const res = await operatorApp.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets',
        headers: { authorization: 'Bearer admin-token' },
        payload: { version: '0.2.0' },
      });
      expect(res.statusCode).toBe(200);
      expect((await app.inject('/registry.json')).json().remotes.wallets.version).toBe('0.2.0');
      // Nothing of the customers' site is there; the console is, and no longer on the site.
      for (const url of ['/registry.json', '/', '/remotes/wallets/0.1.0/mf-manifest.json']) {
        expect((await operatorApp.inject(url)).statusCode).toBe(404);
      }
      expect((await operatorApp.inject('/_operator/console')).statusCode).toBe(200);
      expect((await app.inject('/_operator/console')).statusCode).toBe(404);
    } finally {
      await operatorApp.close();
    }
  });

  it('publishes an uploaded build (.tar.gz) over HTTP: once, immutable, its version checked', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token', 'content-type': 'application/gzip' };
    const pack = (dir: string, entries = ['.']) => {
      const file = path.join(tmp, `upload-${Math.random()}.tgz`);
      tar.c({ gzip: true, cwd: dir, sync: true, file }, entries);
      return readFileSync(file);
    };
    const upload = (
      version: string,
      payload: InjectOptions['payload'] | object,
      headers: Record<string, string> = auth,
    ) =>
      app.inject({
        method: 'PUT',
        url: `/_operator/registry/wallets/versions/${version}`,
        headers,
        payload,
      });
    const build = path.join(tmp, 'upload', 'dist');
    writeBuild(build, { name: 'wallets', version: '0.3.0' });

    const first = await upload('0.3.0', pack(build));
    expect([first.statusCode, first.json()]).toEqual([
      201,
      expect.objectContaining({ version: '0.3.0', published: true }),
    ]);
    expect((await app.inject('/remotes/wallets/0.3.0/remoteEntry.js')).body).toBe('// 0.3.0');
    // The same build again, packed in its dist/ folder this time: nothing to do.
    const again = await upload('0.3.0', pack(path.dirname(build), ['dist']));
    expect([again.statusCode, again.json().published]).toEqual([200, false]);
    writeBuild(build, { name: 'wallets', version: '0.3.0', content: 'other' });
    const other = await upload('0.3.0', pack(build));
    expect(other.statusCode).toBe(409);
    expect((await app.inject('/remotes/wallets/0.3.0/remoteEntry.js')).body).toBe('// 0.3.0');
    expect((await upload('0.4.0', pack(build))).json().message).toMatch(
      /says version 0\.3\.0, not 0\.4\.0/,
    );

    symlinkSync('/etc/passwd', path.join(build, 'passwd'));
    expect((await upload('0.3.1', pack(build))).statusCode).toBe(413);
    expect((await upload('0.3.1', Buffer.from('not an archive'))).statusCode).toBe(400);
    const json = await upload('0.3.1', { a: 1 }, { ...auth, 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(
      (await upload('0.3.1', pack(build), { 'content-type': 'application/gzip' })).statusCode,
    ).toBe(401);
    const state = await app.inject({ url: '/_operator/registry', headers: auth });
    expect(
      state.json().state.remotes.wallets.versions.map((v: { version: string }) => v.version),
    ).toEqual(['0.1.0', '0.2.0', '0.3.0']);
    // Each upload is prepared in a child process (registry-upload.ts); the first starts it.
  }, 30_000);
});
