import type { preHandlerHookHandler } from 'fastify';
import type { z } from 'zod/mini';
import { AppError } from './errors.js';

type Schema = z.core.$ZodType;

/**
 * Builds the sentence a person reads when zod's default message would be jargon. A message the
 * schema sets itself (the SPEC's words, e.g. 'Security PINs do not match!') always wins.
 */
function defaultMessage(issue: z.core.$ZodRawIssue): string {
  const field = issue.path?.length ? issue.path.join('.') : 'request';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${field} is required`
        : `${field} must be a ${issue.expected}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${field} must be at least ${String(issue.minimum)} characters`
        : `${field} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field} must be at most ${String(issue.maximum)} characters`
        : `${field} must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return `${field} is invalid`;
  }
}

/** Parses `value` or throws a 400 AppError whose message names the first bad field. */
export function parseInput<S extends Schema>(schema: S, value: unknown): z.infer<S> {
  const result = (schema as unknown as z.ZodMiniType).safeParse(value, { error: defaultMessage });
  if (result.success) return result.data as z.infer<S>;
  const issue = result.error.issues[0];
  throw new AppError(400, issue?.message ?? 'Invalid request', 'VALIDATION');
}

export interface RouteSchemas {
  body?: Schema;
  query?: Schema;
  params?: Schema;
}

/**
 * preHandler that replaces request.body/query/params with their parsed (allow-listed) values.
 * Use strict objects so unknown fields are refused before they reach a service (OWASP API3).
 * It runs after the envelope plugin has decrypted the body (preValidation).
 */
export function validate(schemas: RouteSchemas): preHandlerHookHandler {
  return async (request) => {
    if (schemas.params) request.params = parseInput(schemas.params, request.params);
    if (schemas.query) request.query = parseInput(schemas.query, request.query);
    if (schemas.body) request.body = parseInput(schemas.body, request.body ?? {});
  };
}
