import { chatConversations, chatMembers, chatMessages, type ChatAttachment } from '@/lib/chats/tables';
import { membershipProfiles, memberships, profiles } from '@/lib/projects/tables';
import { storage } from '@/lib/storage';
import { users } from '@/lib/users/tables';
import type { CallSpec, MatrixCase, ProjectName, World } from '../world';

let n = 0;
const unique = () => `${Date.now().toString(36)}-${(n += 1)}`;

/** Another member of the project holding these permissions. */
async function staffOf(w: World, project: ProjectName, permissions: string[]): Promise<string> {
  const projectId = w.project[project].id;
  const [user] = await w.db
    .insert(users)
    .values({ email: `matrix-chat-${unique()}@example.test`, name: 'Matrix Chat', status: 1 })
    .returning({ id: users.id });
  const [profile] = await w.db
    .insert(profiles)
    .values({ projectId, name: `Matrix chat ${unique()}`, permissions })
    .returning({ id: profiles.id });
  const [membership] = await w.db.insert(memberships).values({ projectId, userId: user.id }).returning({ id: memberships.id });
  await w.db.insert(membershipProfiles).values({ membershipId: membership.id, profileId: profile.id });
  return user.id;
}

/** A channel of the project; a private one has `memberIds` as its members. */
async function channel(w: World, project: ProjectName, memberIds: string[] = []): Promise<string> {
  const [row] = await w.db
    .insert(chatConversations)
    .values({ projectId: w.project[project].id, kind: 'channel', name: `Matrix ${unique()}`, isPrivate: memberIds.length > 0 })
    .returning({ id: chatConversations.id });
  if (memberIds.length) await w.db.insert(chatMembers).values(memberIds.map((userId) => ({ conversationId: row.id, userId })));
  return row.id;
}

/** `userId` made a plain user of the project (no profile) with a support conversation of their own. */
async function ticketOf(w: World, project: ProjectName, userId: string): Promise<string> {
  const projectId = w.project[project].id;
  await w.db.insert(memberships).values({ projectId, userId }).onConflictDoNothing();
  const [row] = await w.db
    .insert(chatConversations)
    .values({ projectId, kind: 'support', customerId: userId, status: 'open' })
    .returning({ id: chatConversations.id });
  return row.id;
}

/**
 * The caller's own support conversation in A, or, for B, another user's in B: what
 * customer routes must refuse with 404 whatever the caller holds.
 */
async function ticketFor(w: World, project: ProjectName, callerId: string): Promise<string> {
  if (project === 'A') return ticketOf(w, 'A', callerId);
  return ticketOf(w, 'B', await staffOf(w, 'B', []));
}

/** A message in the conversation, with a stored attachment whose text is JSON (the matrix reads answers as JSON). */
async function messageIn(w: World, conversationId: string, project: ProjectName, authorId: string) {
  const projectId = w.project[project].id;
  const fileId = crypto.randomUUID();
  const key = `chats/${projectId}/${conversationId}/${fileId}`;
  const bytes = new TextEncoder().encode('{"matrix":true}\n');
  await storage().put(key, bytes, 'text/plain');
  const attachment: ChatAttachment = { id: fileId, key, name: 'matrix.txt', type: 'text/plain', size: bytes.byteLength };
  const [row] = await w.db
    .insert(chatMessages)
    .values({ conversationId, projectId, authorId, body: 'Matrix', attachments: [attachment] })
    .returning({ id: chatMessages.id });
  return { id: row.id, fileId };
}

/** The caller's message in their own ticket in A; for B, its author's in B. */
async function messageFor(w: World, project: ProjectName, callerId: string) {
  const ticket = await ticketFor(w, project, callerId);
  const author = project === 'A' ? callerId : await staffOf(w, 'B', ['CHATS__SUPPORT']);
  return messageIn(w, ticket, project, author);
}

const conversation = (id: string, tail = ''): CallSpec => ({ path: `/api/chats/conversations/${id}${tail}`, params: { id } });
const ticket = (id: string, tail: string): CallSpec => ({ path: `/api/chats/support/${id}${tail}`, params: { id } });
const form = (body: string) => {
  const data = new FormData();
  data.set('json', JSON.stringify({ body }));
  return data;
};

// Staff routes declare CHATS__TEAM or CHATS__SUPPORT; the matrix's caller holds CHATS__TEAM
// (plus `extra`). Customer routes are for any signed-in user: the case makes the caller a
// user of A with a support conversation, and aims B's calls at another user's.
export const cases: MatrixCase[] = [
  { file: 'chats/conversations/route.ts', method: 'GET', request: async () => ({ path: '/api/chats/conversations?kind=team' }) },
  {
    file: 'chats/conversations/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => ({ path: '/api/chats/conversations', json: { kind: 'channel', name: `Matrix ${unique()}` } }),
  },
  { file: 'chats/conversations/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p) => conversation(await channel(w, p)) },
  {
    file: 'chats/conversations/[id]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => ({ ...conversation(await channel(w, p)), json: { topic: 'Matrix' } }),
  },
  {
    file: 'chats/conversations/[id]/members/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p, caller) => ({
      ...conversation(await channel(w, p, [caller.userId]), '/members'),
      json: { userIds: [await staffOf(w, 'A', ['CHATS__TEAM'])] },
    }),
  },
  {
    file: 'chats/conversations/[id]/members/[userId]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p, caller) => {
      const id = await channel(w, p, [caller.userId]);
      return { path: `/api/chats/conversations/${id}/members/${caller.userId}`, params: { id, userId: caller.userId } };
    },
  },
  {
    file: 'chats/conversations/[id]/assign/route.ts',
    method: 'POST',
    scoped: true,
    extra: ['CHATS__SUPPORT'],
    request: async (w, p, caller) => ({ ...conversation(await ticketOf(w, p, await staffOf(w, p, [])), '/assign'), json: { assigneeId: caller.userId } }),
  },
  {
    file: 'chats/conversations/[id]/messages/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p) => conversation(await channel(w, p), '/messages?limit=10'),
  },
  {
    file: 'chats/conversations/[id]/messages/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => ({ ...conversation(await channel(w, p), '/messages'), body: form('Matrix') }),
  },
  {
    file: 'chats/conversations/[id]/read/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => ({ ...conversation(await channel(w, p), '/read'), json: { seq: 0 } }),
  },
  { file: 'chats/search/route.ts', method: 'GET', request: async () => ({ path: '/api/chats/search?q=matrix' }) },
  { file: 'chats/unread/route.ts', method: 'GET', request: async () => ({ path: '/api/chats/unread' }) },
  { file: 'chats/people/route.ts', method: 'GET', request: async () => ({ path: '/api/chats/people?q=matrix' }) },

  {
    file: 'chats/support/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p, caller) => {
      await w.db.insert(memberships).values({ projectId: w.project.A.id, userId: caller.userId }).onConflictDoNothing();
      return { path: `/api/chats/support?projectId=${w.project[p].id}` };
    },
  },
  {
    file: 'chats/support/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p, caller) => {
      await w.db.insert(memberships).values({ projectId: w.project.A.id, userId: caller.userId }).onConflictDoNothing();
      return { path: '/api/chats/support', json: { projectId: w.project[p].id } };
    },
  },
  {
    file: 'chats/support/[id]/messages/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p, caller) => ticket(await ticketFor(w, p, caller.userId), '/messages'),
  },
  {
    file: 'chats/support/[id]/messages/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p, caller) => ({ ...ticket(await ticketFor(w, p, caller.userId), '/messages'), body: form('Matrix') }),
  },
  {
    file: 'chats/support/[id]/read/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p, caller) => ({ ...ticket(await ticketFor(w, p, caller.userId), '/read'), json: { seq: 0 } }),
  },
  {
    file: 'chats/messages/[id]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p, caller) => {
      const { id } = await messageFor(w, p, caller.userId);
      return { path: `/api/chats/messages/${id}`, params: { id }, json: { body: 'Edited' } };
    },
  },
  {
    file: 'chats/messages/[id]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p, caller) => {
      const { id } = await messageFor(w, p, caller.userId);
      return { path: `/api/chats/messages/${id}`, params: { id } };
    },
  },
  {
    file: 'chats/files/[messageId]/[fileId]/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p, caller) => {
      const { id: messageId, fileId } = await messageFor(w, p, caller.userId);
      return { path: `/api/chats/files/${messageId}/${fileId}`, params: { messageId, fileId } };
    },
  },
];
