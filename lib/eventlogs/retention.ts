import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { logger } from '../log/logger';
import { EVENT_LOG_LIMITS as L } from './limits';
import { eventLogSettings } from './tables';

/** Deletes every event older than its project's retention; resolves with the count. */
export async function sweepEventLogs(db: Db): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM event_logs e
    USING projects p LEFT JOIN event_log_settings s ON s.project_id = p.id
    WHERE e.project_id = p.id
      AND e.at < now() - make_interval(days => coalesce(s.retention_days, ${L.retentionDefaultDays}))`);
  const deleted = (result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0;
  if (deleted > 0) logger.info({ deleted }, 'event logs swept');
  return deleted;
}

export async function retentionOf(db: Db, projectId: string): Promise<number> {
  const [row] = await db.select({ days: eventLogSettings.retentionDays }).from(eventLogSettings).where(eq(eventLogSettings.projectId, projectId));
  return row?.days ?? L.retentionDefaultDays;
}

export async function setRetention(db: Db | Tx, projectId: string, days: number): Promise<void> {
  await db
    .insert(eventLogSettings)
    .values({ projectId, retentionDays: days })
    .onConflictDoUpdate({ target: eventLogSettings.projectId, set: { retentionDays: days, updatedAt: new Date() } });
}
