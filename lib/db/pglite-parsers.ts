import { types, type PGlite } from '@electric-sql/pglite';

// Drizzle asks PGlite on every query to hand dates, timestamps and intervals (and their
// arrays) back as text, and PGlite answers by copying its whole table of type parsers (about
// 300, one per array type of every table) with those merged in: half the cost of a simple
// query. Made once on the instance instead, and dropped from each query, the rows are the
// same and every query is cheaper.

/** The types drizzle-orm's PGlite session reads as text (its queryConfig and rawQueryConfig). */
export const AS_TEXT: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = new Set(AS_TEXT);
const text = (value: string) => value;

type QueryOptions = { parsers?: Record<number, unknown> } & Record<string, unknown>;
type Queryable = { query: (query: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };

/** A query's options without the parsers the instance already applies; anything else is left as asked. */
export function lighter(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const key of Object.keys(options.parsers)) if (!asText.has(Number(key))) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

function lighten(target: Queryable): void {
  const query = target.query.bind(target);
  target.query = (q, params, options) => query(q, params, lighter(options));
}

export function parseOnce(client: PGlite): void {
  // The array types are read while starting; the instance's table is final once ready.
  client.waitReady
    .then(() => {
      const parsers = (client as unknown as { parsers: Record<number, (value: string) => unknown> }).parsers;
      for (const oid of AS_TEXT) parsers[oid] = text;
    })
    // A start that fails surfaces through the first query (see client.ts).
    .catch(() => {});
  lighten(client as unknown as Queryable);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Queryable) => Promise<unknown>) =>
    transaction((tx) => {
      lighten(tx as unknown as Queryable);
      return fn(tx as unknown as Queryable);
    })) as PGlite['transaction'];
}
