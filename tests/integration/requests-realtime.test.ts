import { describe, expect, it } from 'vitest';
import type { OwnRequestEvent, RequestEntryEvent } from '@/lib/requests/types';
import { requestsApi } from './helpers/requests';
import { setupLive } from './helpers/live';
import { connected } from './helpers/sockets';
import type { Member } from './matrix/world';

// The requests API and real sockets together: staff hear everything about their project's
// requests, the requester hears their own request's public replies, and never a note.

const live = setupLive('atrio-rt-requests-');

const api = (m: Member) => requestsApi(m.client);

describe('requests over the socket', () => {
  it('staff get notes and replies live; the requester gets only public replies of their own request', async () => {
    const staff = await live.w.memberOf('A', ['REQUESTS__VIEW', 'REQUESTS__UPDATE']);
    const outsider = await live.w.memberOf('A', ['CHATS__TEAM']);
    const requester = await live.w.memberOf('A', []);
    const otherUser = await live.w.memberOf('A', []);
    const [staffSocket, outsiderSocket, requesterSocket, otherSocket] = await Promise.all(
      [staff, outsider, requester, otherUser].map((m) => connected(live.server, m.client)),
    );

    const opened = await api(requester).open({ projectId: live.w.project.A.id, subject: 'Live one', type: 'question', body: 'Anyone there?' });
    const id = opened.body.data.request.id as string;
    const created = await staffSocket.next((f) => f.e === 'requests:changed' && (f.d as { requestId: string }).requestId === id);
    expect(created.d).toMatchObject({ created: true, number: opened.body.data.request.number });

    expect((await api(staff).reply(id, { body: 'NOTE-ONLY-STAFF', internal: true })).status).toBe(201);
    expect((await api(staff).reply(id, { body: 'Yes, here!' })).status).toBe(201);

    const note = await staffSocket.next((f) => f.e === 'requests:entry' && (f.d as RequestEntryEvent).entry.body === 'NOTE-ONLY-STAFF');
    expect((note.d as RequestEntryEvent).entry.kind).toBe('note');
    const reply = await requesterSocket.next((f) => f.e === 'requests:own' && (f.d as OwnRequestEvent).entry?.body === 'Yes, here!');
    expect(reply.d).toMatchObject({ requestId: id, status: 'pending', entry: { kind: 'reply', fromRequester: false } });

    // Give anything else time to arrive, then look at everything each socket got.
    await new Promise((r) => setTimeout(r, 300));
    expect(JSON.stringify(requesterSocket.frames)).not.toContain('NOTE-ONLY-STAFF');
    expect(requesterSocket.frames.some((f) => f.e === 'requests:entry' || f.e === 'requests:changed')).toBe(false);
    expect(otherSocket.frames.some((f) => f.e?.startsWith('requests:'))).toBe(false);
    expect(outsiderSocket.frames.some((f) => f.e?.startsWith('requests:'))).toBe(false);

    // The requester's reply reaches staff live.
    await api(requester).answer(id, { body: 'Thanks' });
    const back = await staffSocket.next((f) => f.e === 'requests:entry' && (f.d as RequestEntryEvent).entry.body === 'Thanks');
    expect((back.d as RequestEntryEvent).entry.fromRequester).toBe(true);
    for (const s of [staffSocket, outsiderSocket, requesterSocket, otherSocket]) s.ws.close();
  });
});
