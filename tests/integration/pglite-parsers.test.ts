import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Handle } from '@/lib/db/client';
import { AS_TEXT, lighter } from '@/lib/db/pglite-parsers';

// The embedded database reads dates, timestamps and intervals as text once, on the
// instance, instead of drizzle asking for it on every query (which made PGlite copy its
// whole parser table each time): rows must come out exactly as before.

let handle: Handle;
let plain: PGlite;
const dir = mkdtempSync(path.join(os.tmpdir(), 'atrio-parsers-'));

beforeAll(async () => {
  handle = openDb({ dataDir: dir });
  plain = new PGlite();
  await plain.waitReady;
});

afterAll(async () => {
  await handle?.close();
  await plain?.close();
  rmSync(dir, { recursive: true, force: true });
});

const probe = sql`select '2026-01-02 03:04:05.678'::timestamp as ts, '2026-01-02 03:04:05.678+00'::timestamptz as tstz,
  interval '1 day 2 hours' as iv, '2026-01-02'::date as d, array['2026-01-02 03:04:05+00'::timestamptz] as tstzs,
  array['2026-01-02 03:04:05'::timestamp] as tss, array['2026-01-02'::date] as ds, array[interval '1 hour'] as ivs,
  array[1.5, 2]::numeric[] as nums, 42::int as n, true as b, '{"a":1}'::jsonb as j, array[1, 2]::int[] as ints`;

describe('PGlite parsers', () => {
  it('gives the rows drizzle gets from a PGlite it asks on every query, inside and outside transactions', async () => {
    const expected = (await drizzle(plain).execute(probe)).rows;
    expect((await handle.db.execute(probe)).rows).toEqual(expected);
    const inTx = await handle.db.transaction(async (tx) => (await tx.execute(probe)).rows);
    expect(inTx).toEqual(expected);
    expect(expected[0]).toMatchObject({ ts: '2026-01-02 03:04:05.678', iv: '1 day 02:00:00', n: 42, ints: [1, 2] });
  });

  it('reads those types as text on the instance itself, so drizzle’s per-query parsers can be dropped', async () => {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const q = `select '2026-01-02 03:04:05'::timestamp as ts, '2026-01-02'::date as d`;
    expect((await client.query(q)).rows).toEqual([{ ts: '2026-01-02 03:04:05', d: '2026-01-02' }]);
    // A PGlite left as it comes turns them into Dates: what drizzle's parsers undo.
    expect((await plain.query<{ ts: unknown }>(q)).rows[0].ts).toBeInstanceOf(Date);
    const drizzles = { rowMode: 'array', parsers: Object.fromEntries(AS_TEXT.map((oid) => [oid, (v: string) => v])) };
    expect(lighter(drizzles)).toEqual({ rowMode: 'array' });
  });

  it('keeps a query’s own parsers for any other type', () => {
    const own = { rowMode: 'object', parsers: { 23: (v: string) => Number(v) * 2 } };
    expect(lighter(own)).toBe(own);
    expect(lighter(undefined)).toBeUndefined();
    expect(lighter({ rowMode: 'array' })).toEqual({ rowMode: 'array' });
  });
});
