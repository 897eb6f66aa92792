import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { json, route } from '@/lib/http/route';
import { logger, logOptions } from '@/lib/log/logger';
import { testDb } from './helpers/db';

// A failed statement's bound values are what people typed (messages, searches, emails).
const SECRET = 'a private chat message';

let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db.cleanup());

/** A logger with the app's settings whose lines land in `lines`. */
function capture() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, log: pino(logOptions(), out) };
}

const failingQuery = () => getDb().execute(sql`select ${SECRET}::text as body from no_such_table`);

async function queryError(): Promise<Error> {
  try {
    await failingQuery();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the query was expected to fail');
}

describe('a failing query in the logs', () => {
  it('is logged by the route wrapper with its code and statement, not the values', async () => {
    const { lines, log } = capture();
    const spy = vi.spyOn(logger, 'error').mockImplementation(((...args: Parameters<pino.LogFn>) => log.error(...args)) as never);
    try {
      const handler = route(
        async () => {
          await failingQuery();
          return json({});
        },
        { auth: 'none' },
      );
      const res = await handler(new NextRequest('http://localhost:3000/api/x', { headers: { host: 'localhost:3000' } }));
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line.msg).toBe('route failed');
    expect(line.code).toBe('42P01');
    expect(line.err).toContain('no_such_table');
    expect(lines[0]).not.toContain(SECRET);
  });

  it('keeps the values out whichever way a caller hands the error to the logger', async () => {
    const error = await queryError();
    expect(error.message).toContain(SECRET); // what Drizzle puts in it
    const { lines, log } = capture();
    log.error({ err: error }, 'as an error');
    log.error({ err: String(error) }, 'as text');
    log.error({ err: error.message, stack: error.stack }, 'as message and stack');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(SECRET);
    expect(JSON.parse(lines[0]).err).toMatchObject({ code: '42P01', err: expect.stringContaining('Failed query') });
  });

  it('answers 400 with a warning, not 500 with an error, when the database refuses the values themselves', async () => {
    const { lines, log } = capture();
    const error = vi.spyOn(logger, 'error');
    const warn = vi.spyOn(logger, 'warn').mockImplementation(((...args: Parameters<pino.LogFn>) => log.warn(...args)) as never);
    // What a schema that forgot the check would let through: NUL in text (22021), an escaped
    // NUL in jsonb (22P05), a lone surrogate in jsonb (22P02).
    const refused = [sql`select ${`${SECRET}\u0000`}::text`, sql`select ${`"${SECRET}\\u0000"`}::jsonb`, sql`select ${`"${SECRET}\\ud800"`}::jsonb`];
    try {
      for (const statement of refused) {
        const handler = route(
          async () => {
            await getDb().execute(statement);
            return json({});
          },
          { auth: 'none' },
        );
        const res = await handler(new NextRequest('http://localhost:3000/api/x', { headers: { host: 'localhost:3000' } }));
        expect(res.status).toBe(400);
      }
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
    expect(lines.map((l) => JSON.parse(l).code)).toEqual(['22021', '22P05', '22P02']);
    for (const line of lines) expect(line).not.toContain(SECRET);
  });
});
