// The operators' metrics on a port of their own (METRICS_PORT): nothing else answers there, and
// the customers' site never reaches it (a firewall or the orchestrator keeps it inside). GET
// /metrics answers the Prometheus text; anything else is 404 { message }. As the middleware's
// (docs/decisions/035-node-24-metrics-and-a-linted-api.md).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { METRICS_PATH } from './plugins/metrics.js';

export async function startMetricsServer(
  registry: Registry,
  options: { host: string; port: number },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ message: 'Metrics could not be read' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
