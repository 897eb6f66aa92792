import { openDirect, createChannel } from '@/lib/chats/channels';
import { listConversations } from '@/lib/chats/conversations';
import { STAFF_ACCESS } from '@/lib/chats/http';
import { conversationCreateSchema, conversationListQuerySchema } from '@/lib/chats/schemas';
import { parseWith, readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';

/** The viewer's conversations (?kind=team|support&status=open|resolved|all&assignee=me|none|any) and their unread total. */
export const GET = route<ProjectContext>(async (req, ctx) => {
  const query = parseWith(conversationListQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return json({ data: await listConversations(ctx, query) });
}, STAFF_ACCESS);

/** A new channel (201), or the direct conversation with someone: 200 when it already existed, 201 when new. */
export const POST = route<ProjectContext>(async (req, ctx) => {
  const input = await readJson(req, conversationCreateSchema);
  if (input.kind === 'channel') return json({ data: { conversation: await createChannel(ctx, input) } }, { status: 201 });
  const { conversation, created } = await openDirect(ctx, input);
  return json({ data: { conversation } }, { status: created ? 201 : 200 });
}, STAFF_ACCESS);
