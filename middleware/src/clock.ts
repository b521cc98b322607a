/** An injectable clock, so tests drive 10 minutes, 180 s or 15 minutes without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
