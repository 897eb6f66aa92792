import { describe, expect, it } from 'vitest';
import * as respond from '@/app/api/interviews/respond/route';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';
import { publishedInterview } from './helpers/interviews';
import { setupLive } from './helpers/live';
import { connected } from './helpers/sockets';

// A response submitted on the public page reaches, live, exactly the project's sockets that
// may see responses (INTERVIEWS__VIEW), as the chats' events reach theirs.

const live = setupLive('atrio-interviews-live-');

describe('interview responses over the socket', () => {
  it('reach staff holding INTERVIEWS__VIEW in the project, and nobody else', async () => {
    const { w, server } = live;
    const viewer = await w.memberOf('A', ['INTERVIEWS__VIEW']);
    const other = await w.memberOf('A', ['CHATS__TEAM']);
    const elsewhere = await w.memberOf('B', ['INTERVIEWS__VIEW']);
    const [sv, so, se] = [await connected(server, viewer.client), await connected(server, other.client), await connected(server, elsewhere.client)];
    const { interview } = await publishedInterview(w.db, w.project.A.id);
    const res = await new Client('192.0.2.200').call(respond.POST, '/api/interviews/respond', {
      json: { key: w.project.A.key, slug: interview.slug, answers: { name: 'Live' }, captchaCode: await solvedCaptcha() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const frame = await sv.next((f) => f.e === 'interviews:response');
    expect(frame.d).toMatchObject({ projectId: w.project.A.id, interviewId: interview.id });
    // Give the others the same time to (wrongly) hear it.
    await new Promise((r) => setTimeout(r, 300));
    expect(so.frames.some((f) => f.e === 'interviews:response')).toBe(false);
    expect(se.frames.some((f) => f.e === 'interviews:response')).toBe(false);
    for (const s of [sv, so, se]) s.ws.close();
  });
});
