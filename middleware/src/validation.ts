import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod/mini';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { AppError } from './errors.js';

type Schema = $ZodType;

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

/**
 * Fastify's validator for the zod schemas routes declare (params, querystring, body, headers),
 * in place of fastify-type-provider-zod's own so that a refusal is the `{ message }` contract with
 * the first bad field named. Fastify validates after the preValidation hooks, so an encrypted
 * route's envelope is already open (plugins/envelope.ts). Strict objects refuse unknown fields
 * before they reach a service (OWASP API3).
 */
export const validatorCompiler: FastifySchemaCompiler<Schema> =
  ({ schema, httpPart }) =>
  (data) => {
    // A POST without a body is an empty object: its fields are then named one by one.
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = safeParse(schema, input, { error: defaultMessage });
    if (result.success) return { value: result.data };
    const message = result.error.issues[0]?.message ?? 'Invalid request';
    return { error: new AppError(400, message, 'VALIDATION') };
  };
