import { describe, expect, it } from 'vitest';
import * as stylesRoute from '@/app/api/photomagik/styles/route';
import { localProvider } from '@/lib/photomagik/providers/local';
import { drainQueue } from '@/lib/photomagik/queue';
import { setupLive } from './helpers/live';
import { connected } from './helpers/sockets';

// A style's preview, drawn by the queue, is announced over the socket to the project's staff
// who may see styles, so the styles page refetches once instead of polling.

const live = setupLive('atrio-photomagik-live-');

describe('photomagik previews over the socket', () => {
  it('reach staff holding STYLES__VIEW in the project once the preview is stored, and nobody else', async () => {
    const { w, server, handle } = live;
    const staff = await w.memberOf('A', ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW', 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CREATE']);
    const other = await w.memberOf('A', ['CHATS__TEAM']);
    const elsewhere = await w.memberOf('B', ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW']);
    const [ss, so, se] = [await connected(server, staff.client), await connected(server, other.client), await connected(server, elsewhere.client)];
    const res = await staff.client.call(stylesRoute.POST, '/api/photomagik/styles', { json: { name: 'Live', promptTemplate: 'ink of {prompt}' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.style.previewUrl).toBeNull();
    expect(ss.frames.some((f) => f.e === 'photomagik:preview')).toBe(false);
    await drainQueue(handle.db, localProvider);
    const frame = await ss.next((f) => f.e === 'photomagik:preview');
    expect(frame.d).toEqual({ projectId: w.project.A.id, styleId: res.body.style.id, status: 'done' });
    // The event came after the commit: the list read now has the preview.
    const list = await staff.client.call(stylesRoute.GET, '/api/photomagik/styles', { method: 'GET' });
    expect(list.body.styles.find((s: { id: string }) => s.id === res.body.style.id).previewUrl).toContain('/photomagik/');
    await new Promise((r) => setTimeout(r, 300));
    expect(so.frames.some((f) => f.e === 'photomagik:preview')).toBe(false);
    expect(se.frames.some((f) => f.e === 'photomagik:preview')).toBe(false);
    for (const s of [ss, so, se]) s.ws.close();
  });
});
