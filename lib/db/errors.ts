// The one place that decides what a database error means. Errors arrive as thrown by pg or
// PGlite, or wrapped by Drizzle (`DrizzleQueryError`, the driver's error in `cause`), or from
// Node itself (a socket or file system call), so every check walks the `cause` chain.

type Coded = { code?: unknown; severity?: unknown; errno?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };

/** The error and the errors it wraps (Drizzle's `cause`, an AggregateError's `errors`), outermost first. */
function chain(error: unknown): Coded[] {
  const out: Coded[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && out.length < 10) {
    const e = queue.shift();
    if (!e || typeof e !== 'object') continue;
    const c = e as Coded;
    out.push(c);
    if (c.cause) queue.push(c.cause);
    if (Array.isArray(c.errors)) queue.push(...c.errors);
  }
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A unique index refused the row (PostgreSQL 23505), as thrown by pg or PGlite, or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return chain(error).some((e) => e.code === '23505');
}

// A SQLSTATE's class: two digits (00–58) or F0, HV, P0, XX; never a Node code such as EPIPE.
const SQLSTATE = /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/**
 * The database answered that it refused the statement (any SQLSTATE), so a statement run
 * outside a transaction kept nothing. False for a connection that failed mid-statement, whose
 * outcome is unknown: the statement may have committed before the answer was lost.
 */
export function isRefusedByDatabase(error: unknown): boolean {
  return chain(error).some((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
}

/**
 * Thrown instead of running a query once the embedded database has failed for good (see
 * `pglite-guard.ts`): the caller answers 503 until the database is reopened.
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The database is unavailable: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

// SQLSTATEs that say "the database cannot serve this now", not "this request is wrong".
const UNAVAILABLE_CODES = new Set([
  '25006', // read_only_sql_transaction: a standby, or a database switched to read-only
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57P05', // idle_session_timeout
  '58000', // system_error
  '58030', // io_error
]);
// Node's codes for a file system or a connection that failed underneath the driver.
const UNAVAILABLE_ERRNOS = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EIO',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg's and PGlite's own words for a connection or instance that is gone; they carry no code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
  /^PGlite is clos(ed|ing)/,
  /^PGlite failed to initialize/,
];
// PostgreSQL reports a file it could not write as 42501 (insufficient_privilege) when the
// system said EPERM or EACCES; those messages all start "could not". A missing GRANT does not.
const FILE_ACCESS = /^could not /;

/**
 * An error from which the embedded database does not come back: PostgreSQL's PANIC (it would
 * restart every backend) or FATAL (it would end the session), or the WebAssembly instance
 * itself trapping or exiting. The next message it gets may never return.
 */
export function isFatalToEmbedded(error: unknown): boolean {
  return chain(error).some((e) => {
    if (e.severity === 'PANIC' || e.severity === 'FATAL') return true;
    if (e instanceof WebAssembly.RuntimeError) return true;
    return e.name === 'ExitStatus';
  });
}

/**
 * Whether an error means the database (not the request) failed: a connection lost or refused,
 * a shutdown, a full or read-only disk, an I/O error, a fatal embedded error. These answer
 * 503 and count against health; anything else is the request's own failure.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isFatalToEmbedded(error)) return true;
  return chain(error).some((e) => {
    // By name: Next's bundle has its own copy of this class, apart from the custom server's.
    if (e.name === 'DatabaseUnavailableError') return true;
    const code = text(e.code);
    if (code.startsWith('08') && code.length === 5) return true; // connection_exception class
    if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    const message = text(e.message);
    if (code === '42501' && FILE_ACCESS.test(message)) return true;
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

// SQLSTATEs that say "the values sent cannot be stored or read as that type": the request's
// fault, whatever check let them through. Refused as bad input (400), never an internal error.
const BAD_INPUT_CODES = new Set([
  '22001', // string_data_right_truncation: longer than the column allows
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire: NUL, bytes that are not UTF-8
  '22025', // invalid_escape_sequence
  '22P02', // invalid_text_representation: 'abc' as a uuid or an integer
  '22P05', // untranslatable_character: a lone surrogate in jsonb
  '54000', // program_limit_exceeded: a value too large for its index
  '54001', // statement_too_complex: jsonb nested too deep
]);

/**
 * A query refused for the values it was given (see BAD_INPUT_CODES). The route wrapper's
 * last line of defence: every such value should have been refused by a schema before.
 */
export function isBadInput(error: unknown): boolean {
  return chain(error).some((e) => BAD_INPUT_CODES.has(text(e.code)));
}

/** A short, value-free description for logs and health: the SQLSTATE or errno and the severity. */
export function failureSummary(error: unknown): string {
  const first = chain(error).find((e) => e.code || e.severity) ?? chain(error)[0];
  if (!first) return String(error);
  const parts = [text(first.severity), text(first.code), text(first.name)].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'Error';
}
