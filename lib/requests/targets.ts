import { eq } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { Db } from '../db/client';
import type { ProjectContext } from '../http/route';
import type { Conn } from './access';
import { DEFAULT_SLA, type SlaTargets } from './limits';
import type { SlaInput } from './schemas';
import { requestSla } from './tables';

/** The project's SLA targets, or the defaults when it never set any. */
export async function slaTargets(db: Conn, projectId: string): Promise<SlaTargets> {
  const [row] = await db.select({ targets: requestSla.targets }).from(requestSla).where(eq(requestSla.projectId, projectId)).limit(1);
  return row?.targets ?? DEFAULT_SLA;
}

/** New targets count for requests opened or re-prioritised from now on; due times already set stay. */
export async function saveSlaTargets(ctx: Pick<ProjectContext, 'db' | 'project' | 'viewer' | 'ip'>, input: SlaInput): Promise<SlaTargets> {
  const targets: SlaTargets = {
    low: { firstResponse: input.low.firstResponse, resolution: input.low.resolution },
    normal: { firstResponse: input.normal.firstResponse, resolution: input.normal.resolution },
    high: { firstResponse: input.high.firstResponse, resolution: input.high.resolution },
    urgent: { firstResponse: input.urgent.firstResponse, resolution: input.urgent.resolution },
  };
  await (ctx.db as Db).transaction(async (tx) => {
    await tx
      .insert(requestSla)
      .values({ projectId: ctx.project.id, targets })
      .onConflictDoUpdate({ target: requestSla.projectId, set: { targets, updatedAt: new Date() } });
    await audit(
      tx,
      { userId: ctx.viewer.user.id, projectId: ctx.project.id, ip: ctx.ip },
      {
        action: 'project.settings',
        target: { type: 'project', id: ctx.project.id },
        data: { requestSla: targets },
      },
    );
  });
  return targets;
}
