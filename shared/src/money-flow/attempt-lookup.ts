// GET /money/attempts/{key} read the same way for every money screen: a screen's `recover` (see
// MoneyRecover) calls it with its API's GET, then reads a stored success with its own schema.
import { ATTEMPT_NEVER_ARRIVED } from '@ajo/shared/messages';
import { serverMessageOf } from './machine';

type Get = (url: string) => Promise<{ status: number; data: unknown }>;

/**
 * Where the attempt under `key` stands: running, absent (404 'This request never arrived.'), or
 * its stored success (`status`, `data`) for the screen to read. A stored refusal rejects as the
 * call itself would have (`{ status, message, serverMessage }`): a definite failure. Any other
 * error (no answer, a 5xx) passes through: still unknown.
 */
export async function lookUpAttempt(
  get: Get,
  key: string,
): Promise<{ kind: 'running' } | { kind: 'absent' } | { kind: 'answer'; data: unknown }> {
  let response: { status: number; data: unknown };
  try {
    response = await get(`/money/attempts/${encodeURIComponent(key)}`);
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 404 && serverMessageOf(error) === ATTEMPT_NEVER_ARRIVED) {
      return { kind: 'absent' };
    }
    throw error;
  }
  const attempt = readAttempt(response.data);
  // An answer that cannot be read tells nothing: still unknown (no status).
  if (!attempt) throw new Error('Unreadable attempt answer');
  if (attempt.state === 'in_progress') return { kind: 'running' };
  if (attempt.status >= 400) {
    const said = typeof attempt.answer.message === 'string' ? attempt.answer.message : undefined;
    throw Object.assign(new Error(said ?? `Refused (${attempt.status})`), {
      status: attempt.status,
      serverMessage: said,
    });
  }
  return { kind: 'answer', data: attempt.answer };
}

type Attempt =
  | { state: 'in_progress' }
  | { state: 'completed'; status: number; answer: Record<string, unknown> };

/**
 * The middleware's answer (its route's schema, in the OpenAPI), checked by hand: a schema here
 * would ship with the shared schemas every form page loads.
 */
function readAttempt(data: unknown): Attempt | null {
  if (typeof data !== 'object' || data === null) return null;
  const { state, status, answer } = data as Record<string, unknown>;
  if (state === 'in_progress') return { state };
  const isObject = typeof answer === 'object' && answer !== null && !Array.isArray(answer);
  if (state !== 'completed' || !Number.isInteger(status) || !isObject) return null;
  return { state, status: status as number, answer: answer as Record<string, unknown> };
}
