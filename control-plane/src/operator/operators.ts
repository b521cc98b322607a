// Who may use the operator API: each operator's own bearer token (REGISTRY_OPERATORS), named in
// the history; REGISTRY_ADMIN_TOKEN (the older single token) still works as operator 'admin'.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface Operator {
  name: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator the bearer token named (operator API routes only). */
    operator?: string;
  }
  interface FastifyContextConfig {
    /** The console's files: public, they hold no data. */
    operatorConsole?: boolean;
  }
}

const NAME = /^[A-Za-z0-9._@-]{1,64}$/;

/**
 * Operators from the configuration: REGISTRY_OPERATORS="alice:<token>,bob:<token>".
 * Throws on a malformed list, a repeated name or a token two operators share.
 */
export function parseOperators({
  REGISTRY_OPERATORS,
  REGISTRY_ADMIN_TOKEN,
}: { REGISTRY_OPERATORS?: string | undefined; REGISTRY_ADMIN_TOKEN?: string | undefined } = {}) {
  const operators: Operator[] = [];
  for (const item of (REGISTRY_OPERATORS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = item.indexOf(':');
    const name = item.slice(0, at);
    const token = item.slice(at + 1);
    if (at < 1 || !NAME.test(name) || token.length < 16) {
      throw new Error(
        'REGISTRY_OPERATORS is a comma-separated list of name:token (names of letters, digits, . _ @ -; tokens of 16 characters or more)',
      );
    }
    operators.push({ name, token });
  }
  if (REGISTRY_ADMIN_TOKEN) operators.push({ name: 'admin', token: REGISTRY_ADMIN_TOKEN });
  const names = new Set(operators.map((o) => o.name));
  const tokens = new Set(operators.map((o) => o.token));
  if (names.size !== operators.length)
    throw new Error('REGISTRY_OPERATORS names an operator twice');
  if (tokens.size !== operators.length) throw new Error('Two operators share a token');
  return operators;
}

const digest = (text: string) => createHash('sha256').update(String(text)).digest();

/** Every request but the console's files needs an operator's token: else 401 (503 when none is set). */
export function requireOperator(app: FastifyInstance, operators: Operator[]) {
  const known = operators.map((op) => ({ name: op.name, hash: digest(op.token) }));
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.operatorConsole) return undefined;
    if (!known.length) {
      return reply.code(503).send({
        message:
          'Operator endpoint disabled: set REGISTRY_OPERATORS (or REGISTRY_ADMIN_TOKEN) to enable it.',
      });
    }
    const header = request.headers.authorization ?? '';
    const presented = digest(header.startsWith('Bearer ') ? header.slice(7) : '');
    // Every operator is compared, so the time taken says nothing about which token came close.
    let operator: string | null = null;
    for (const op of known) if (timingSafeEqual(presented, op.hash)) operator = op.name;
    if (!header.startsWith('Bearer ') || !operator) {
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    request.operator = operator;
    return undefined;
  });
}
