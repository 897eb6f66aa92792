import { and, inArray, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { env } from '../env';
import { logger } from '../log/logger';
import { projects } from '../projects/tables';
import { EVENT_LOG_LIMITS as L } from './limits';
import { eventLogs, type NewEventLog } from './tables';
import { localDay, visitorOf } from './visitor';
import { errorText } from '../log/error-text';

/** What a request leaves behind; the project is resolved (and its switch checked) at flush time. */
export type RawEvent = {
  at: Date;
  kind: 'page' | 'api';
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userId: string | null;
  /** The member's active project, or the project a public page belongs to (by key). */
  projectId: string | null;
  projectKey: string | null;
  ip: string;
  userAgent: string;
  referrer: string;
};

type State = { enabled: boolean; buffer: RawEvent[]; timer: ReturnType<typeof setTimeout> | null; flushing: Promise<number> | null; dropped: number };

// On globalThis: Next loads server modules twice (the custom server's copy and the bundle's),
// and both must fill the one buffer the server flushes.
const g = globalThis as unknown as { __atrioEventLogs?: State };
const state: State = (g.__atrioEventLogs ??= { enabled: false, buffer: [], timer: null, flushing: null, dropped: 0 });

/** Recording is off until the server (or a test, or the bench) switches it on. */
export function setRecording(on: boolean): void {
  state.enabled = on;
}
export function isRecording(): boolean {
  return state.enabled;
}
export function pendingEvents(): number {
  return state.buffer.length;
}

/** Never touches the database: the event waits in memory for the next batch. */
export function record(event: RawEvent): void {
  if (!state.enabled || (!event.projectId && !event.projectKey)) return;
  state.buffer.push(event);
  if (state.buffer.length > L.bufferMax) {
    state.dropped += state.buffer.length - L.bufferMax;
    state.buffer.splice(0, state.buffer.length - L.bufferMax);
  }
  if (state.buffer.length >= L.batchSize) void flushEvents();
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushEvents(), L.flushMs);
    state.timer.unref?.();
  }
}

type Target = { id: string; key: string; timeZone: string };

/** The projects named by the batch that are enabled and have the extension on. */
async function targets(db: Db, batch: RawEvent[]): Promise<{ byId: Map<string, Target>; byKey: Map<string, Target> }> {
  const ids = [...new Set(batch.map((e) => e.projectId).filter((x): x is string => Boolean(x)))];
  const keys = [...new Set(batch.map((e) => e.projectKey?.toLowerCase()).filter((x): x is string => Boolean(x)))];
  const named = [ids.length ? inArray(projects.id, ids) : undefined, keys.length ? inArray(sql`lower(${projects.key})`, keys) : undefined].filter(Boolean);
  const rows = await db
    .select({ id: projects.id, key: projects.key, timeZone: projects.timeZone })
    .from(projects)
    .where(and(or(...named), sql`${projects.status} = 1`, sql`${projects.extensions} ? 'eventLogs'`));
  return { byId: new Map(rows.map((r) => [r.id, r])), byKey: new Map(rows.map((r) => [r.key.toLowerCase(), r])) };
}

async function writeBatch(batch: RawEvent[]): Promise<number> {
  const db = getDb();
  const { byId, byKey } = await targets(db, batch);
  const secret = env().AUTH_SECRET;
  const rows: NewEventLog[] = [];
  for (const e of batch) {
    const target = (e.projectKey && byKey.get(e.projectKey.toLowerCase())) || (e.projectId && byId.get(e.projectId)) || null;
    if (!target) continue; // extension off, project disabled or unknown: nothing is kept
    const { projectKey: _k, projectId: _p, ...fields } = e;
    rows.push({ ...fields, projectId: target.id, visitor: visitorOf(e, target.id, localDay(e.at, target.timeZone), secret) });
  }
  for (let i = 0; i < rows.length; i += L.insertChunk) await db.insert(eventLogs).values(rows.slice(i, i + L.insertChunk));
  return rows.length;
}

/** Writes what is buffered in one INSERT; resolves with the rows written. */
export async function flushEvents(): Promise<number> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (state.flushing) await state.flushing; // one writer at a time, in order
  if (state.buffer.length === 0) return 0;
  const batch = state.buffer.splice(0, state.buffer.length);
  state.flushing = writeBatch(batch)
    .catch((error: unknown) => {
      // Events are a record, not the service: a failed batch is logged and let go.
      logger.warn({ err: errorText(error), events: batch.length }, 'event logs batch failed');
      return 0;
    })
    .finally(() => {
      state.flushing = null;
    });
  return state.flushing;
}
