// Who may use the operator API: each operator's own bearer token (REGISTRY_OPERATORS), named in
// the history; REGISTRY_ADMIN_TOKEN (the older single token) still works as operator 'admin'.
// A token carries a role and the remotes it covers (control-plane/README.md "Roles"): a team's
// pipeline token publishes its own remote and nothing else, so a leaked or misused token cannot
// put another team's remote at risk.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RegistryError } from '../registry/errors.js';
import { normaliseRemote, REMOTE_NAME } from '../registry/names.js';

/**
 * publisher: uploads versions of its remotes; operator: that, and every change to its remotes
 * (activate, force, rollback, rollout, overrides); admin: everything, on every remote, and a
 * version that takes another remote's paths (`wins`).
 */
export type Role = 'publisher' | 'operator' | 'admin';

export interface Operator {
  name: string;
  token: string;
  /** admin when absent (the `name:token` form, which was all there was before roles). */
  role?: Role;
  /** The remotes a publisher or operator covers (an admin covers all). */
  remotes?: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator the bearer token named (operator API routes only). */
    operator?: string;
    /** That operator's role and remotes. */
    access?: { role: Role; remotes: string[] };
  }
  interface FastifyContextConfig {
    /** The console's files: public, they hold no data. */
    operatorConsole?: boolean;
  }
}

const NAME = /^[A-Za-z0-9._@-]{1,64}$/;
const ROLES: readonly Role[] = ['publisher', 'operator', 'admin'];
const FORMAT =
  'REGISTRY_OPERATORS is a comma-separated list of name:token or name/role=remote+remote:token (names of letters, digits, . _ @ -; roles publisher, operator (each with its remotes) or admin; tokens of 16 characters or more)';

/** 'ada' -> admin (as before roles); 'ci/publisher=<remote>', 'ada/operator=<remote>+<remote>', 'root/admin'. */
function parseHead(head: string): { name: string; role: Role; remotes: string[] } {
  const slash = head.indexOf('/');
  const name = slash < 0 ? head : head.slice(0, slash);
  if (!NAME.test(name)) throw new Error(FORMAT);
  if (slash < 0) return { name, role: 'admin', remotes: [] };
  const [role, list, ...rest] = head.slice(slash + 1).split('=');
  if (rest.length || !ROLES.includes(role as Role)) throw new Error(FORMAT);
  if (role === 'admin') {
    if (list !== undefined) throw new Error(`${FORMAT}: an admin covers every remote, name none`);
    return { name, role: 'admin', remotes: [] };
  }
  const remotes = (list ?? '').split('+').filter(Boolean);
  // The names remote.json gives, as the registry records them: a role for a remote's folder
  // ('mfe-<name>') would never match the name an operator's request is checked against.
  if (!remotes.length || !remotes.every((r) => REMOTE_NAME.test(r))) {
    throw new Error(`${FORMAT}: ${name} needs the remotes it covers, like ${role}=<remote>+<remote>`);
  }
  return { name, role: role as Role, remotes };
}

/**
 * Operators from the configuration: REGISTRY_OPERATORS="alice:<token>,ci/publisher=<remote>:<token>".
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
    // The token is everything after the first ':' (a token may hold ':'; a name or role never does).
    const at = item.indexOf(':');
    const token = item.slice(at + 1);
    if (at < 1 || token.length < 16) throw new Error(FORMAT);
    operators.push({ ...parseHead(item.slice(0, at)), token });
  }
  if (REGISTRY_ADMIN_TOKEN) {
    operators.push({ name: 'admin', token: REGISTRY_ADMIN_TOKEN, role: 'admin', remotes: [] });
  }
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
  const known = operators.map((op) => ({
    name: op.name,
    access: { role: op.role ?? 'admin', remotes: op.remotes ?? [] },
    hash: digest(op.token),
  }));
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
    let operator: (typeof known)[number] | null = null;
    for (const op of known) if (timingSafeEqual(presented, op.hash)) operator = op;
    if (!header.startsWith('Bearer ') || !operator) {
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    request.operator = operator.name;
    request.access = operator.access;
    return undefined;
  });
}

/** What a request asks to do to a remote, for `authorize`. */
export interface Asked {
  /** publish: upload a version; change: activate, rollback, rollout, an override. */
  action: 'publish' | 'change';
  remote: unknown;
  force?: boolean;
  wins?: boolean;
}

const describe = (access: { role: Role; remotes: string[] }) =>
  access.role === 'admin' ? 'admin' : `${access.role} of ${access.remotes.join(', ')}`;

/**
 * Refuses (403, with the reason) what the request's operator may not do. Runs after the request
 * is validated and before anything is read or changed, so a refusal changes nothing.
 */
export function authorize(request: FastifyRequest, asked: Asked) {
  const access = request.access ?? { role: 'admin' as Role, remotes: [] };
  if (access.role === 'admin') return;
  // An invalid name is the store's 400 to give, as for an admin.
  let remote: string;
  try {
    remote = normaliseRemote(asked.remote);
  } catch {
    return;
  }
  const who = `${request.operator} (${describe(access)})`;
  const refuse = (what: string) => {
    throw new RegistryError(`${who} may not ${what}`, 403);
  };
  if (!access.remotes.includes(remote)) {
    refuse(`${asked.action === 'publish' ? 'publish' : 'change'} ${remote}: ask an operator of ${remote} or an admin`);
  }
  if (asked.action === 'change' && access.role !== 'operator') {
    refuse(`change what is live of ${remote}, only publish its versions: ask an operator of ${remote}`);
  }
  if (asked.force && access.role !== 'operator') {
    refuse(`force ${remote}: ask an operator of ${remote}`);
  }
  // Taking paths from another remote changes that remote too: an admin's decision (record 038).
  if (asked.wins) refuse(`let ${remote} take another remote's paths (wins): ask an admin`);
}
