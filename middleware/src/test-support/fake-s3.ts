import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake S3 endpoint in the test process (no internet): path-style PUT and GET of objects, kept in
 * memory, with the checks a real one makes that a client can get wrong: a SigV4 Authorization for
 * the expected access key, region and service, and a body matching its signed SHA-256. It answers
 * missing objects and unknown buckets with S3's XML errors and can fail requests on purpose.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  requests: Array<{ method: string; path: string; authorization: string }>;
  /** The next `count` requests answer 500 InternalError (the SDK retries those). */
  failNext(count: number): void;
  close(): Promise<void>;
}

function xmlError(code: string, message: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  region: string;
}): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  let failures = 0;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://fake-s3');
      const authorization = String(request.headers.authorization ?? '');
      requests.push({ method: request.method ?? '', path: url.pathname, authorization });
      const send = (status: number, text: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/xml', ...headers });
        response.end(text);
      };
      if (failures > 0) {
        failures -= 1;
        return send(500, xmlError('InternalError', 'We encountered an internal error.'));
      }
      const scope = `Credential=${options.accessKeyId}/`;
      const service = `/${options.region}/s3/aws4_request`;
      if (
        !authorization.startsWith('AWS4-HMAC-SHA256 ') ||
        !authorization.includes(scope) ||
        !authorization.includes(service)
      )
        return send(403, xmlError('InvalidAccessKeyId', 'The AWS Access Key Id does not exist.'));
      const [, bucket, ...rest] = url.pathname.split('/');
      if (bucket !== options.bucket)
        return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
      const key = rest.map(decodeURIComponent).join('/');
      if (request.method === 'PUT') {
        const signed = String(request.headers['x-amz-content-sha256'] ?? '');
        const actual = createHash('sha256').update(body).digest('hex');
        if (signed !== 'UNSIGNED-PAYLOAD' && signed !== actual)
          return send(400, xmlError('XAmzContentSHA256Mismatch', 'Body does not match'));
        objects.set(key, {
          bytes: body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
        });
        return send(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      }
      if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': String(object.bytes.length),
        });
        return response.end(object.bytes);
      }
      return send(405, xmlError('MethodNotAllowed', 'Not allowed'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
