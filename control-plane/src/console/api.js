// @ts-check
// The console's calls to the operator JSON API (console.js, publish.js): the operator's token from
// this tab's sessionStorage as a bearer token, the revision the operator was shown as If-Match, and
// the API's own {message} as the error the operator reads.

export const TOKEN_KEY = 'ajo-operator-token';
export const API = '/_operator/registry';

export class ApiRefusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, ifMatch?: number | null }} [options] A Blob body (a build's .tar.gz) is
 *   sent as it is, anything else as JSON.
 */
export async function call(method, path, { body, ifMatch } = {}) {
  const headers = { authorization: `Bearer ${sessionStorage.getItem(TOKEN_KEY) ?? ''}` };
  const upload = body instanceof Blob;
  if (body !== undefined)
    headers['content-type'] = upload ? 'application/gzip' : 'application/json';
  if (ifMatch !== undefined) headers['if-match'] = `"${ifMatch}"`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: upload
        ? /** @type {Blob} */ (body)
        : body === undefined
          ? undefined
          : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiRefusal(
      0,
      'The operator API cannot be reached: check the connection and refresh.',
    );
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    throw new ApiRefusal(res.status, data?.message ?? `The operator API answered ${res.status}`);
  }
  return data;
}
