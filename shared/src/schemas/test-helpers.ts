// Test helper: the messages a schema reports, keyed by field path ('' for the root).
import type { z } from './zod';

export function messagesOf(schema: z.ZodMiniType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The first message for a field, as a form resolver would show it. */
export function firstMessage(schema: z.ZodMiniType, input: unknown, path = ''): string | undefined {
  return messagesOf(schema, input)[path]?.[0];
}
