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

/** Sends app.inject-shaped requests with fetch and answers in light-my-request's shape. */
export function httpTarget(baseUrl: string, encryptionSecret: string): ApiTarget {
  async function inject(options: InjectOptions | string) {
    const o = typeof options === 'string' ? { url: options } : options;
    const headers: Record<string, string> = { ...o.headers };
    let body: string | Buffer | undefined;
    if (Buffer.isBuffer(o.payload) || typeof o.payload === 'string') body = o.payload;
    else if (o.payload !== undefined) {
      body = JSON.stringify(o.payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(new URL(o.url, baseUrl), {
      method: o.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    const rawPayload = Buffer.from(await res.arrayBuffer());
    const text = rawPayload.toString('utf8');
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: text,
      payload: text,
      rawPayload,
      json: () => JSON.parse(text) as unknown,
    };
  }
  return { app: { inject } as unknown as ApiTarget['app'], config: { encryptionSecret } };
}
