import { request as httpRequest } from 'node:http';
import type { TestApp } from './test-app.js';

/**
 * What the request helpers of the test kits need: something to send requests to and the envelope
 * secret. A TestApp (app.inject) is one; `httpTarget` is another, over real HTTP to a running
 * middleware process, so the same helpers drive several instances at once.
 */
export interface ApiTarget {
  app: Pick<TestApp['app'], 'inject'>;
  config: { encryptionSecret: string };
}

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  remoteAddress?: string;
}

/**
 * Sends a request from `localAddress` (a loopback address such as 127.0.0.2, which Linux routes
 * like 127.0.0.1): a distinct client as the server sees it, which fetch cannot be made to be.
 */
function sendFrom(
  localAddress: string,
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string>; rawPayload: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers, localAddress });
    req.once('error', reject);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('error', reject);
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([k, v]) => [
              k,
              Array.isArray(v) ? v.join(', ') : String(v),
            ]),
          ),
          rawPayload: Buffer.concat(chunks),
        }),
      );
    });
    req.end(init.body);
  });
}

/**
 * Sends app.inject-shaped requests over HTTP and answers in light-my-request's shape; from
 * `localAddress` when given (see sendFrom), otherwise with fetch.
 */
export function httpTarget(
  baseUrl: string,
  encryptionSecret: string,
  localAddress?: string,
): ApiTarget {
  async function inject(options: InjectOptions | string) {
    const o = typeof options === 'string' ? { url: options } : options;
    const headers: Record<string, string> = { ...o.headers };
    let body: string | Buffer | undefined;
    if (Buffer.isBuffer(o.payload) || typeof o.payload === 'string') body = o.payload;
    else if (o.payload !== undefined) {
      body = JSON.stringify(o.payload);
      headers['content-type'] ??= 'application/json';
    }
    const url = new URL(o.url, baseUrl);
    const method = o.method ?? 'GET';
    let res: { status: number; headers: Record<string, string>; rawPayload: Buffer };
    if (localAddress) {
      res = await sendFrom(localAddress, url, { method, headers, body });
    } else {
      const answer = await fetch(url, { method, headers, body, redirect: 'manual' });
      res = {
        status: answer.status,
        headers: Object.fromEntries(answer.headers.entries()),
        rawPayload: Buffer.from(await answer.arrayBuffer()),
      };
    }
    const { rawPayload } = res;
    const text = rawPayload.toString('utf8');
    return {
      statusCode: res.status,
      headers: res.headers,
      body: text,
      payload: text,
      rawPayload,
      json: () => JSON.parse(text) as unknown,
    };
  }
  return { app: { inject } as unknown as ApiTarget['app'], config: { encryptionSecret } };
}
