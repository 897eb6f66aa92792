// What an error may put in a log line. Drizzle's query errors carry the bound values in their
// message ("Failed query: …\nparams: …") and in `params`: chat messages, search terms, emails.
// Only the statement, the database's error code and its message are kept.

const PARAMS = '\nparams:';

/** Text cut at the bound values Drizzle appends, if any. */
export function withoutParams(text: string): string {
  const at = text.indexOf(PARAMS);
  return at === -1 ? text : `${text.slice(0, at)} [params omitted]`;
}

type Coded = { code?: unknown; message?: unknown; cause?: unknown; query?: unknown; params?: unknown };

/** The stack's frames, without the message it starts with (which may hold the values). */
function frames(error: Error): string | undefined {
  const stack = error.stack;
  if (!stack) return undefined;
  const at = stack.indexOf(error.message);
  if (at !== -1) return stack.slice(at + error.message.length).replace(/^\n/, '');
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** `{ err, code?, cause?, stack? }` for a log line: never the values bound to a query. */
export function errorFields(error: unknown): { err: string; code?: string; cause?: string; stack?: string } {
  if (!(error instanceof Error)) return { err: withoutParams(String(error)) };
  const e = error as Error & Coded;
  const cause = (e.cause && typeof e.cause === 'object' ? e.cause : {}) as Coded;
  const isQuery = typeof e.query === 'string' && 'params' in e;
  const fields: { err: string; code?: string; cause?: string; stack?: string } = {
    err: isQuery ? `Failed query: ${e.query as string}` : withoutParams(e.message),
  };
  const code = typeof e.code === 'string' ? e.code : typeof cause.code === 'string' ? cause.code : undefined;
  if (code) fields.code = code;
  if (typeof cause.message === 'string') fields.cause = withoutParams(cause.message);
  const stack = frames(e);
  if (stack) fields.stack = stack;
  return fields;
}

/** pino serializer for `err`: an Error becomes errorFields, a string loses its params. */
export function serializeErr(value: unknown): unknown {
  if (typeof value === 'string') return withoutParams(value);
  if (value instanceof Error) return errorFields(value);
  return value;
}
