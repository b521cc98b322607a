/** The first message of a failed schema check, as a form shows it (one message at a time). */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ message: string }> };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}
