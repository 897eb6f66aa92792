import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '@/lib/chats/messages';
import { chatConversations, chatMessages } from '@/lib/chats/tables';
import type { MessageView } from '@/lib/chats/types';
import { windowsExe } from '../fixtures/files';
import { chatApi, messageForm, setupChatBus } from './helpers/chats';
import { storedKeys } from './helpers/uploads';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
setupChatBus();

let n = 0;
const api = (m: Member) => chatApi(m.client);
const team = () => w.memberOf('A', ['CHATS__TEAM']);

async function channel(owner: Member): Promise<string> {
  return (await api(owner).create({ kind: 'channel', name: `Files ${(n += 1)}` })).body.data.conversation.id;
}
const storedFiles = () => storedKeys('chats/');
async function messageCount() {
  const [row] = await w.db.select({ n: count() }).from(chatMessages);
  return row.n;
}

/** A wide photo carrying EXIF (what a phone leaves in: camera, place, owner). */
const photo = () =>
  sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3366cc' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Jane Doe', Artist: 'Secret Place' } } })
    .jpeg()
    .toBuffer();
const frame = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: colour } })
    .png()
    .toBuffer();

describe('attachments', () => {
  it('re-encodes images (bounded, metadata gone) and serves them inline to readers only', async () => {
    const [a, b] = [await team(), await team()];
    const supportOnly = await w.memberOf('A', ['CHATS__SUPPORT']);
    const outsider = await w.memberOf('B', ['CHATS__TEAM']);
    const id = await channel(a);
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const notes = new TextEncoder().encode('line one\nline two\n');
    const res = await api(a).send(
      id,
      messageForm('look', [
        { bytes: original, type: 'image/jpeg', name: 'IMG_0001.jpg' },
        { bytes: notes, type: 'text/plain', name: 'C:\\fakepath\\notes.txt' },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const message = res.body.data.message as MessageView;
    const [image, text] = message.attachments;
    expect(image).toMatchObject({
      name: 'IMG_0001.jpg',
      type: 'image/jpeg',
      image: true,
      width: 2048,
      height: 683,
      url: `/api/chats/files/${message.id}/${image.id}`,
    });
    expect(text).toMatchObject({ name: 'notes.txt', type: 'text/plain', image: false, size: notes.byteLength });
    expect(text.width).toBeUndefined();

    const download = await api(b).file(image.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="IMG_0001.jpg"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toMatch(/^private/);
    const served = Buffer.from(await download.arrayBuffer());
    expect(served.byteLength).toBe(image.size);
    const meta = await sharp(served).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2048, 683, undefined]);

    const doc = await api(b).file(text.url);
    expect(doc.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.txt"/);
    expect(await doc.text()).toBe('line one\nline two\n');

    for (const stranger of [supportOnly, outsider]) expect((await api(stranger).file(image.url)).status).toBe(404);
    expect((await chatApi(w.anonymous()).file(image.url)).status).toBe(401);
    expect((await api(b).file(`/api/chats/files/${message.id}/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await api(b).file(`/api/chats/files/nope/${image.id}`)).status).toBe(404);
  });

  it('takes a message of files only, and keeps a GIF animated', async () => {
    const a = await team();
    const id = await channel(a);
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await api(a).send(id, messageForm('', [{ bytes: gif, type: 'image/gif', name: 'wave.gif' }]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [file] = res.body.data.message.attachments;
    expect(res.body.data.message.body).toBe('');
    expect(file).toMatchObject({ type: 'image/gif', width: 40, height: 30 });
    const served = Buffer.from(await (await api(a).file(file.url)).arrayBuffer());
    expect((await sharp(served).metadata()).pages).toBe(2);
  });

  it('refuses a wrong type, a broken image, a sixth file or a file over 10 MB, with nothing written or stored', async () => {
    const a = await team();
    const id = await channel(a);
    const before = { messages: await messageCount(), files: (await storedFiles()).length };
    const png = await frame('#0f0');

    const exe = await api(a).send(
      id,
      messageForm('x', [
        { bytes: png, type: 'image/png' },
        { bytes: windowsExe(), type: 'application/pdf', name: 'invoice.pdf' },
      ]),
    );
    expect(exe.status).toBe(400);
    expect(Object.keys(exe.body.data.fields)).toEqual(['file_1']);

    const broken = await api(a).send(id, messageForm('x', [{ bytes: png.subarray(0, 60), type: 'image/png', name: 'cut.png' }]));
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body.data.fields)).toEqual(['file_0']);

    const six = Array.from({ length: 6 }, () => ({ bytes: png, type: 'image/png' }));
    const tooMany = await api(a).send(id, messageForm('x', six));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data).toMatchObject({ part: 'file_5' });

    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const tooLarge = await api(a).send(id, messageForm('x', [{ bytes: big, type: 'text/plain', name: 'big.txt' }]));
    expect(tooLarge.status).toBe(413);
    expect(Object.keys(tooLarge.body.data.fields)).toEqual(['file_0']);

    const stray = await api(a).send(id, messageForm('x', [], [['avatar', { bytes: png }]]));
    expect(stray.status).toBe(400);

    expect({ messages: await messageCount(), files: (await storedFiles()).length }).toEqual(before);
  });

  it('deleting the message removes its files from storage', async () => {
    const a = await team();
    const id = await channel(a);
    const before = (await storedFiles()).length;
    const res = await api(a).send(id, messageForm('bye', [{ bytes: await frame('#000'), type: 'image/png', name: 'x.png' }]));
    const message = res.body.data.message as MessageView;
    expect(await storedFiles()).toHaveLength(before + 1);
    expect((await api(a).remove(message.id)).status).toBe(200);
    expect(await storedFiles()).toHaveLength(before);
    expect((await api(a).file(message.attachments[0].url)).status).toBe(404);
  });

  it('removes the stored files again when the message cannot be written', async () => {
    const a = await team();
    const id = await channel(a);
    const before = (await storedFiles()).length;
    const [row] = await w.db.select().from(chatConversations).where(eq(chatConversations.id, id));
    const files = new Map([['file_0', new File(['plain notes\n'], 'notes.txt', { type: 'text/plain' })]]);
    // A conversation gone by the time the transaction runs.
    const gone = { ...row, id: crypto.randomUUID() };
    await expect(sendMessage(w.db, gone, 'staff', { id: a.userId, name: 'A', avatar: null }, { body: 'x' }, files)).rejects.toMatchObject({ status: 404 });
    expect(await storedFiles()).toHaveLength(before);
  });
});
