// A fresh customer number per test: the journeys run in parallel against one middleware data folder
// per run, and a number can sign up only once (SPEC §5: 0 followed by 10 digits, sent as 234…).
import { randomInt } from 'node:crypto';

export interface TestPhone {
  /** What the customer types: 080 and 8 random digits. */
  local: string;
  /** What the app sends and the outbox files it under (SPEC §5: leading 0 replaced by 234). */
  international: string;
}

export function uniquePhone(): TestPhone {
  const local = `080${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return { local, international: `234${local.slice(1)}` };
}
