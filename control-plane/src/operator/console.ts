// The operator console's page (/_operator/console): its own files only (no customer bundle), no
// inline script or style, nothing framed, no form posted anywhere; it talks to this API and nothing
// else. The files are public (they hold no data); what they show needs the token.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The console's files (import.meta.url: tsx gives the file's, jest's swc too). */
const CONSOLE_DIR = fileURLToPath(new URL('../console/', import.meta.url));

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  // The empty data: icon only spares the browser a /favicon.ico request.
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONSOLE_FILES = {
  'index.html': 'text/html; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'dom.js': 'text/javascript; charset=utf-8',
  'api.js': 'text/javascript; charset=utf-8',
  'publish.js': 'text/javascript; charset=utf-8',
  'requests.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
} as const;
type ConsoleFile = keyof typeof CONSOLE_FILES;

export function consoleRoutes(app: FastifyInstance) {
  const files = Object.keys(CONSOLE_FILES) as ConsoleFile[];
  const contents = Object.fromEntries(
    files.map((f) => [f, readFileSync(path.join(CONSOLE_DIR, f), 'utf8')]),
  ) as Record<ConsoleFile, string>;
  const send = (file: ConsoleFile) => async (_request: unknown, reply: FastifyReply) =>
    reply
      .header('Content-Security-Policy', CONSOLE_CSP)
      .header('Cache-Control', 'no-cache')
      .header('X-Frame-Options', 'DENY')
      .header('Referrer-Policy', 'no-referrer')
      .type(CONSOLE_FILES[file])
      .send(contents[file]);
  const open = { config: { operatorConsole: true } };
  app.get('/_operator/console', open, send('index.html'));
  app.get('/_operator/console/', open, send('index.html'));
  app.get('/_operator/console/console.js', open, send('console.js'));
  app.get('/_operator/console/dom.js', open, send('dom.js'));
  app.get('/_operator/console/api.js', open, send('api.js'));
  app.get('/_operator/console/publish.js', open, send('publish.js'));
  app.get('/_operator/console/requests.js', open, send('requests.js'));
  app.get('/_operator/console/console.css', open, send('console.css'));
}
