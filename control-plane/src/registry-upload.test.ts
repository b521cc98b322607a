/** @jest-environment node */
// Publishing never blocks customers (registry-upload.ts): unpacking, compressing and digesting an
// upload run in a child process, so the app server answers /registry.json while a large version is
// published.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as tar from 'tar';
import { app, appServerHooks, start, tmp } from './app-test-support.js';
import { writeBuild } from './registry-test-support.js';

appServerHooks();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('publishing an upload', () => {
  it("answers customers' /registry.json within 100 ms while a multi-MB version is prepared", async () => {
    await start('admin-token');
    const build = path.join(tmp, 'big', 'dist');
    writeBuild(build, { name: 'wallets', version: '0.3.0' });
    // Incompressible bytes under a name the server compresses: brotli at its best quality on them
    // is seconds of CPU, as in a real bundle of this size.
    const big = randomBytes(3 * 1024 * 1024);
    writeFileSync(path.join(build, 'big.js'), big);
    const archive = path.join(tmp, 'big.tgz');
    tar.c({ gzip: true, cwd: build, sync: true, file: archive }, ['.']);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The child that prepares uploads is started by the first upload: warm it with a small one.
    const small = path.join(tmp, 'small', 'dist');
    writeBuild(small, { name: 'wallets', version: '0.2.9' });
    tar.c({ gzip: true, cwd: small, sync: true, file: `${archive}.small` }, ['.']);
    const put = (version: string, body: Buffer) =>
      fetch(`${base}/_operator/registry/wallets/versions/${version}`, {
        method: 'PUT',
        headers: { authorization: 'Bearer admin-token', 'content-type': 'application/gzip' },
        body: new Uint8Array(body),
      });
    expect((await put('0.2.9', readFileSync(`${archive}.small`))).status).toBe(201);

    const began = performance.now();
    let done = false;
    const uploading = put('0.3.0', readFileSync(archive)).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${base}/registry.json`);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      expect(res.status).toBe(200);
    }
    const uploaded = await uploading;
    const duration = performance.now() - began;
    expect(uploaded.status).toBe(201);
    expect(await uploaded.json()).toMatchObject({ version: '0.3.0', published: true });
    const served = await fetch(`${base}/remotes/wallets/0.3.0/big.js`);
    expect(Buffer.from(await served.arrayBuffer()).equals(big)).toBe(true);

    // Measured while the upload took seconds: many answers, each quick. An upload prepared in the
    // serving process holds one of them for most of the upload's duration.
    const figures = { samples: latencies.length, median: median(latencies), max: Math.max(...latencies), duration };
    expect(figures.samples).toBeGreaterThanOrEqual(5);
    expect(figures.median).toBeLessThan(100);
    expect(figures.max).toBeLessThan(duration / 3);
    console.log(`registry.json during a 3 MB upload: ${JSON.stringify(figures)}`);
  }, 120_000);
});
