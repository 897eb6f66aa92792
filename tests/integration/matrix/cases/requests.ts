import { memberships } from '@/lib/projects/tables';
import { insertRequest } from '@/lib/requests/service';
import { eq } from 'drizzle-orm';
import { requestCannedReplies, requestLinks, requestMessages, requests } from '@/lib/requests/tables';
import { storage } from '@/lib/storage';
import { users } from '@/lib/users/tables';
import type { CallSpec, MatrixCase, ProjectName, World } from '../world';

let n = 0;
const unique = () => `${Date.now().toString(36)}-${(n += 1)}`;

/** A plain user (no profile) of the project. */
async function userOf(w: World, project: ProjectName, userId?: string): Promise<string> {
  const id =
    userId ??
    (
      await w.db
        .insert(users)
        .values({ email: `matrix-req-${unique()}@example.test`, name: 'Matrix Requester', status: 1 })
        .returning({ id: users.id })
    )[0].id;
  await w.db.insert(memberships).values({ projectId: w.project[project].id, userId: id }).onConflictDoNothing();
  return id;
}

/** A request of the project; by `requesterId` when given (made a user of the project), else by a new user. */
async function requestIn(w: World, project: ProjectName, requesterId?: string): Promise<string> {
  const projectId = w.project[project].id;
  const who = await userOf(w, project, requesterId);
  const row = await w.db.transaction((tx) =>
    insertRequest(tx, { projectId, requesterId: who, createdBy: who, subject: `Matrix ${unique()}`, type: 'question', priority: 'normal', tags: [] }),
  );
  return row.id;
}

/** The caller's own request in A; for B, another user's request in B. */
const ownFor = (w: World, project: ProjectName, callerId: string) => (project === 'A' ? requestIn(w, 'A', callerId) : requestIn(w, 'B'));

/** A public reply with a stored attachment whose text is JSON (the matrix reads answers as JSON). */
async function fileIn(w: World, project: ProjectName, requestId: string, authorId: string) {
  const projectId = w.project[project].id;
  const fileId = crypto.randomUUID();
  const key = `requests/${projectId}/${requestId}/${fileId}`;
  const bytes = new TextEncoder().encode('{"matrix":true}\n');
  await storage().put(key, bytes, 'text/plain');
  const [entry] = await w.db
    .insert(requestMessages)
    .values({
      requestId,
      projectId,
      authorId,
      kind: 'reply',
      body: 'Matrix',
      attachments: [{ id: fileId, key, name: 'matrix.txt', type: 'text/plain', size: bytes.byteLength }],
    })
    .returning({ id: requestMessages.id });
  return { entryId: entry.id, fileId };
}

/** A canned reply of the project. */
async function cannedIn(w: World, project: ProjectName): Promise<string> {
  const [row] = await w.db
    .insert(requestCannedReplies)
    .values({ projectId: w.project[project].id, title: `Matrix ${unique()}`, body: 'Hi {{name}}' })
    .returning({ id: requestCannedReplies.id });
  return row.id;
}

/** A request marked solved, as a rating needs. */
async function solved(w: World, id: string): Promise<string> {
  await w.db.update(requests).set({ status: 'resolved', resolvedAt: new Date() }).where(eq(requests.id, id));
  return id;
}

const at = (id: string, tail = ''): CallSpec => ({ path: `/api/requests/${id}${tail}`, params: { id } });
const mine = (id: string, tail = ''): CallSpec => ({ path: `/api/requests/mine/${id}${tail}`, params: { id } });
const targets = { firstResponse: 60, resolution: 600 };

// Staff routes declare REQUESTS__*; requester routes (mine, files) are for any signed-in
// user: the case makes the caller a user of A with a request of their own and aims B's
// calls at another user's request in B.
export const cases: MatrixCase[] = [
  { file: 'requests/route.ts', method: 'GET', request: async () => ({ path: '/api/requests?view=all&sort=number' }) },
  {
    file: 'requests/route.ts',
    method: 'POST',
    ok: 201,
    request: async (_w, _p, caller) => ({ path: '/api/requests', json: { requesterEmail: caller.email, subject: 'Matrix', type: 'task', body: 'Matrix' } }),
  },
  { file: 'requests/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p) => at(await requestIn(w, p)) },
  { file: 'requests/[id]/route.ts', method: 'PATCH', scoped: true, request: async (w, p) => ({ ...at(await requestIn(w, p)), json: { priority: 'high' } }) },
  { file: 'requests/[id]/route.ts', method: 'DELETE', scoped: true, request: async (w, p) => at(await requestIn(w, p)) },
  {
    file: 'requests/[id]/messages/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => ({ ...at(await requestIn(w, p), '/messages'), json: { body: 'Matrix', internal: true } }),
  },
  {
    file: 'requests/[id]/merge/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => {
      const who = await userOf(w, p);
      return { ...at(await requestIn(w, p, who), '/merge'), json: { targetId: await requestIn(w, p, who) } };
    },
  },
  {
    file: 'requests/[id]/links/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => ({ ...at(await requestIn(w, p), '/links'), json: { relatedId: await requestIn(w, p) } }),
  },
  {
    file: 'requests/[id]/links/[relatedId]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const [x, y] = [await requestIn(w, p), await requestIn(w, p)];
      await w.db.insert(requestLinks).values({ projectId: w.project[p].id, aId: x < y ? x : y, bId: x < y ? y : x });
      return { path: `/api/requests/${x}/links/${y}`, params: { id: x, relatedId: y } };
    },
  },
  { file: 'requests/sla/route.ts', method: 'GET', request: async () => ({ path: '/api/requests/sla' }) },
  {
    file: 'requests/sla/route.ts',
    method: 'PUT',
    request: async () => ({ path: '/api/requests/sla', json: { low: targets, normal: targets, high: targets, urgent: targets } }),
  },
  { file: 'requests/canned/route.ts', method: 'GET', request: async () => ({ path: '/api/requests/canned' }) },
  { file: 'requests/canned/route.ts', method: 'POST', ok: 201, request: async () => ({ path: '/api/requests/canned', json: { title: 'Matrix', body: 'Hi' } }) },
  {
    file: 'requests/canned/[cannedId]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => {
      const cannedId = await cannedIn(w, p);
      return { path: `/api/requests/canned/${cannedId}`, params: { cannedId }, json: { title: 'Matrix', body: 'Changed' } };
    },
  },
  {
    file: 'requests/canned/[cannedId]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const cannedId = await cannedIn(w, p);
      return { path: `/api/requests/canned/${cannedId}`, params: { cannedId } };
    },
  },
  {
    file: 'requests/bulk/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => ({ path: '/api/requests/bulk', json: { ids: [await requestIn(w, p), await requestIn(w, p)], action: 'close' } }),
  },
  { file: 'requests/satisfaction/route.ts', method: 'GET', request: async () => ({ path: '/api/requests/satisfaction' }) },
  { file: 'requests/assignees/route.ts', method: 'GET', request: async () => ({ path: '/api/requests/assignees' }) },
  {
    file: 'requests/mine/[id]/rating/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p, caller) => ({ ...mine(await solved(w, await ownFor(w, p, caller.userId)), '/rating'), json: { score: 'good' } }),
  },
  { file: 'requests/mine/route.ts', method: 'GET', request: async () => ({ path: '/api/requests/mine' }) },
  {
    file: 'requests/mine/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p, caller) => {
      await userOf(w, 'A', caller.userId);
      return { path: '/api/requests/mine', json: { projectId: w.project[p].id, subject: 'Matrix', type: 'question', body: 'Matrix' } };
    },
  },
  { file: 'requests/mine/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p, caller) => mine(await ownFor(w, p, caller.userId)) },
  {
    file: 'requests/mine/[id]/messages/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p, caller) => ({ ...mine(await ownFor(w, p, caller.userId), '/messages'), json: { body: 'Matrix' } }),
  },
  {
    file: 'requests/files/[entryId]/[fileId]/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p, caller) => {
      const requestId = await ownFor(w, p, caller.userId);
      const { entryId, fileId } = await fileIn(w, p, requestId, caller.userId);
      return { path: `/api/requests/files/${entryId}/${fileId}`, params: { entryId, fileId } };
    },
  },
];
