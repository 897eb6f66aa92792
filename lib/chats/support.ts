import { and, eq } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import type { SignedInContext } from '../http/route';
import { projects } from '../projects/tables';
import { isActiveMember } from './access';
import { publishConversation } from './events';
import { chatConversations, type ChatConversation } from './tables';
import type { ConversationView } from './types';
import { conversationView } from './views';

type Ctx = Pick<SignedInContext, 'db' | 'viewer'>;
export type SupportProject = { id: string; key: string; name: string };

/**
 * The enabled project the viewer is an active member of (through any profile, or none):
 * whom they may ask for support. Anything else is a 404, whatever project they work in.
 */
async function supportProjectOrThrow(ctx: Ctx, projectId: string): Promise<SupportProject> {
  if (!(await isActiveMember(ctx.db, ctx.viewer.user.id, projectId))) throw new HttpError(404, 'notFound');
  const [project] = await ctx.db.select({ id: projects.id, key: projects.key, name: projects.name }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return project;
}

async function ownConversation(ctx: Ctx, projectId: string): Promise<ChatConversation | null> {
  const [row] = await ctx.db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.projectId, projectId), eq(chatConversations.kind, 'support'), eq(chatConversations.customerId, ctx.viewer.user.id)))
    .limit(1);
  return row ?? null;
}

/** The viewer's support conversation with the project, if they opened one. */
export async function supportOverview(ctx: Ctx, projectId: string): Promise<{ conversation: ConversationView | null; project: SupportProject }> {
  const project = await supportProjectOrThrow(ctx, projectId);
  const row = await ownConversation(ctx, project.id);
  return { conversation: row ? await conversationView(ctx.db, ctx.viewer.user.id, row) : null, project };
}

/** One conversation per user and project: found, or created open and announced to the project's support staff. */
export async function openSupport(ctx: Ctx, projectId: string): Promise<{ conversation: ConversationView; created: boolean }> {
  const project = await supportProjectOrThrow(ctx, projectId);
  const me = ctx.viewer.user.id;
  // A concurrent twin waits on the unique index, then finds the row the other wrote.
  const [inserted] = await ctx.db
    .insert(chatConversations)
    .values({ projectId: project.id, kind: 'support', customerId: me, status: 'open', createdBy: me })
    .onConflictDoNothing()
    .returning();
  const row = inserted ?? (await ownConversation(ctx, project.id));
  if (!row) throw new HttpError(404, 'notFound');
  if (inserted) await publishConversation(ctx.db, inserted);
  return { conversation: await conversationView(ctx.db, me, row), created: Boolean(inserted) };
}
