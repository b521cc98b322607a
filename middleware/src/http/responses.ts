import { messageResponseSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';

/**
 * Every refusal is `{ message }` (docs/architecture.md "The wire contract"): one schema, each code
 * named.
 */
export const errorBody = messageResponseSchema;

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad input: the message names the first bad field',
  401: 'Not signed in, or a wrong secret',
  403: "Somebody else's object",
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Gone (expired or cancelled)',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Understood but refused',
  429: 'Too many attempts: the message says when to retry',
  503: 'Temporarily unavailable',
};

/** The `{ message }` answers a route may give, for its `response` schema: `...errors(400, 403)`. */
export function errors<C extends number>(...codes: C[]): Record<C, typeof errorBody> {
  return Object.fromEntries(
    codes.map((code) => [
      code,
      z.object({ message: z.string() }).register(z.globalRegistry, {
        description: ERROR_MEANINGS[code] ?? 'Error',
      }),
    ]),
  ) as Record<C, typeof errorBody>;
}

/** A redirect (303): no body, the Location header says where. */
export const redirect = z.null().register(z.globalRegistry, {
  description: 'See Other: the Location header holds the next page',
});

/** An HTML page served by a sandbox provider (browser navigation). */
export const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});
