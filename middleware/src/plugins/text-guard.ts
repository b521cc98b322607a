import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

export const UNSUPPORTED_TEXT =
  'Some text contains characters we cannot accept (a NUL byte or a broken character). Please remove them and try again.';

/** NUL, or half of a UTF-16 surrogate pair: neither can be stored as PostgreSQL text. */
const NUL = '\u0000';
// Code units, not code points (no `u` flag): a high surrogate without its low one, or the reverse.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function badText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL) || LONE_SURROGATE.test(value);
  // Deeper than any schema of ours: refused by the route's own validation anyway.
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => badText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => badText(key) || badText(item, depth + 1));
}

/**
 * Every text the API reads (path parameters, query, body after the envelope is opened) is refused
 * with a 400 in the {message} contract when it holds a NUL byte or a lone surrogate. PostgreSQL
 * cannot store either, so without this the database would answer a 500 halfway through a handler;
 * one guard at the edge covers every route, new ones included, before any work is done.
 */
export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (badText(request.params) || badText(request.query) || badText(request.body)) {
        throw new AppError(400, UNSUPPORTED_TEXT, 'UNSUPPORTED_TEXT');
      }
    });
  },
  { name: 'text-guard', dependencies: ['envelope'] },
);
