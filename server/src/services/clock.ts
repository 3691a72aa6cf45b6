/**
 * What time it is, for the rules that depend on it (clocking in late, a forgotten clock-out).
 * The server reads the system clock; tests hand in one they move, so a shift can end and its
 * grace period pass without waiting.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
