import { messages } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  failureSummary,
  isBadInput,
  isDatabaseUnavailable,
  isFatalToEmbedded,
  isRefusedByDatabase,
  isUniqueViolation,
} from '@/lib/db/errors';

// Errors shaped as the drivers throw them: PGlite's and pg's DatabaseError (severity and
// SQLSTATE parsed from the server's reply), Drizzle's wrapper, Node's system errors.
function pglite(message: string, severity: string, code: string) {
  const e = new messages.DatabaseError(message, 0, 'error');
  return Object.assign(e, { severity, code });
}
function server(message: string, severity: string, code: string) {
  const e = new pg.DatabaseError(message, 0, 'error');
  return Object.assign(e, { severity, code });
}
const wrapped = (cause: unknown) => new DrizzleQueryError('insert into "chat_messages" ...', ['secret body'], cause as Error);
function system(code: string) {
  return Object.assign(new Error(`${code}: failed`), { code, errno: -1, syscall: 'write' });
}

describe('database errors', () => {
  it("PGlite's PANIC on a WAL it cannot write is fatal to the embedded database and unavailable, wrapped or not", () => {
    const panic = pglite('could not write to log file "000000010000000000000001" at offset 7651328, length 8192: Operation not permitted', 'PANIC', '42501');
    for (const e of [panic, wrapped(panic)]) {
      expect(isFatalToEmbedded(e)).toBe(true);
      expect(isDatabaseUnavailable(e)).toBe(true);
    }
    expect(failureSummary(wrapped(panic))).toBe('PANIC 42501 error');
    expect(isFatalToEmbedded(pglite('terminating connection', 'FATAL', '57P01'))).toBe(true);
  });

  it('a trapped or exited WebAssembly instance is fatal', () => {
    expect(isFatalToEmbedded(new WebAssembly.RuntimeError('unreachable'))).toBe(true);
    expect(isFatalToEmbedded(Object.assign(new Error('Program terminated with exit(1)'), { name: 'ExitStatus' }))).toBe(true);
  });

  it.each([
    ['disk full', server('could not extend file "base/5/1234": No space left on device', 'ERROR', '53100')],
    ['io error', server('could not read block 0', 'ERROR', '58030')],
    ['admin shutdown', server('terminating connection due to administrator command', 'FATAL', '57P01')],
    ['starting up', server('the database system is starting up', 'FATAL', '57P03')],
    ['connection failure', server('connection failure', 'FATAL', '08006')],
    ['connection does not exist', server('connection does not exist', 'ERROR', '08003')],
    ['read-only', server('cannot execute INSERT in a read-only transaction', 'ERROR', '25006')],
    ['file it could not write (EPERM)', pglite('could not write block 3 of relation base/5/1234: Operation not permitted', 'ERROR', '42501')],
    ['ENOSPC', system('ENOSPC')],
    ['EROFS', system('EROFS')],
    ['EIO', system('EIO')],
    ['ECONNREFUSED', system('ECONNREFUSED')],
    ['ECONNREFUSED on every address', new AggregateError([system('ECONNREFUSED'), system('ECONNREFUSED')], 'connect failed')],
    ['connection ended', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('timeout exceeded when trying to connect')],
    ['ended pool', new Error('Cannot use a pool after calling end on the pool')],
    ['closed PGlite', new Error('PGlite is closed')],
    ['PGlite that could not start', new Error('PGlite failed to initialize properly')],
    ['refused by the guard', new DatabaseUnavailableError('PANIC 42501')],
    // Next's bundle and the custom server each load their own copy of the class.
    ['refused by the guard of the other module copy', Object.assign(new Error('The database is unavailable: PANIC'), { name: 'DatabaseUnavailableError' })],
  ])('%s is the database being unavailable, also wrapped by Drizzle', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['unique violation', server('duplicate key value violates unique constraint', 'ERROR', '23505')],
    ['syntax error', server('syntax error at or near "selec"', 'ERROR', '42601')],
    ['missing grant', server('permission denied for table users', 'ERROR', '42501')],
    ['invalid text', pglite('invalid byte sequence for encoding "UTF8": 0x00', 'ERROR', '22021')],
    ['serialization failure', server('could not serialize access due to concurrent update', 'ERROR', '40001')],
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'oops'],
    ['nothing', undefined],
  ])("%s is the request's own failure, not the database's", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
    expect(isFatalToEmbedded(error)).toBe(false);
  });

  it('tells a statement the database refused from one whose answer was lost on the way', () => {
    // Refused: the database answered with a SQLSTATE, so nothing of the statement was kept.
    for (const code of ['P0001', '23505', '40P01', '22P02', '57P01', 'XX000', 'HV000', 'F0000'])
      for (const e of [server('refused', 'ERROR', code), wrapped(pglite('refused', 'ERROR', code))]) expect(isRefusedByDatabase(e), code).toBe(true);
    // Lost: a socket that failed, or no code at all; the statement may have committed.
    for (const e of [
      system('EPIPE'),
      system('ECONNRESET'),
      wrapped(system('ETIMEDOUT')),
      new Error('Connection terminated unexpectedly'),
      new DatabaseUnavailableError('gone'),
    ])
      expect(isRefusedByDatabase(e), String(e)).toBe(false);
  });

  it('still finds a unique violation through the wrapper', () => {
    expect(isUniqueViolation(wrapped(server('duplicate key', 'ERROR', '23505')))).toBe(true);
    expect(isUniqueViolation(server('other', 'ERROR', '23503'))).toBe(false);
  });

  it('values the database cannot take are bad input, wrapped or not; a failing database or a bug is not', () => {
    for (const code of ['22021', '22P05', '22P02', '22001', '22003', '54000']) {
      for (const e of [pglite('refused', 'ERROR', code), server('refused', 'ERROR', code), wrapped(pglite('refused', 'ERROR', code))]) {
        expect(isBadInput(e), code).toBe(true);
        expect(isDatabaseUnavailable(e), code).toBe(false);
      }
    }
    for (const code of ['42P01', '42703', '23505', '53100', '08006', '40001']) expect(isBadInput(wrapped(server('failed', 'ERROR', code))), code).toBe(false);
    expect(isBadInput(system('ENOSPC'))).toBe(false);
  });
});
