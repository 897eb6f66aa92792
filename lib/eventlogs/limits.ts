/** The event logs extension's numbers, in one place. */
export const EVENT_LOG_LIMITS = {
  /** A batch is written at most this long after its first event... */
  flushMs: 2_000,
  /** ...or as soon as it holds this many. */
  batchSize: 500,
  /** Kept in memory while the database is away; beyond this the oldest are dropped. */
  bufferMax: 10_000,
  /** Rows per INSERT statement (PostgreSQL allows 65535 bound values; 12 columns each). */
  insertChunk: 2_000,
  retentionDefaultDays: 90,
  retentionMinDays: 1,
  retentionMaxDays: 365,
  sweepEveryMs: 60 * 60 * 1000,
  /** A visit ends after this long without an event from its visitor. */
  visitGapMinutes: 30,
  /** The longest chart range. */
  maxRangeDays: 366,
  eventsPageSize: 50,
  searchMax: 200,
  csvMaxRows: 50_000,
  pathMax: 500,
  userAgentMax: 400,
  referrerMax: 500,
} as const;

export const RANGE_PRESETS = [7, 30, 90] as const;
