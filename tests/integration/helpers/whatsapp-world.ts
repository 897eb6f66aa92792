import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MessageView } from '@/lib/chats/types';
import { whatsappAccounts, whatsappContacts } from '@/lib/whatsapp/tables';
import { setupWorld, type Member } from '../matrix/world';
import { chatApi, setupChatBus } from './chats';
import { setupFakeGraph, whatsappApi } from './whatsapp';

export const PHONE_A = '1000000001';
export const PHONE_B = '1000000002';
export const SECRET_A = 'app-secret-of-a';

/** Credentials as the settings form sends them; project A's by default. */
export const creds = (phoneNumberId: string, extra: Record<string, string> = {}) => ({
  phoneNumberId,
  wabaId: '2000000001',
  accessToken: 'EAAG-token',
  appSecret: SECRET_A,
  verifyToken: `verify-${phoneNumberId}`,
  ...extra,
});

/**
 * For the calling test file: the matrix world, the chat bus, a fake Graph API, and project A
 * connected to WhatsApp (`ready()`) with an admin of the extension and a support staff member.
 */
export function setupWhatsapp() {
  const w = setupWorld();
  const bus = setupChatBus();
  const graph = setupFakeGraph();
  let admin: Member | undefined;
  let staff: Member | undefined;
  const env = {
    w,
    bus,
    graph,
    get admin() {
      return admin!;
    },
    get staff() {
      return staff!;
    },
    async ready() {
      admin ??= await w.memberOf('A', ['EXTENSIONS__WHATSAPP_API']);
      staff ??= await w.memberOf('A', ['CHATS__SUPPORT']);
      const [row] = await w.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.projectId, w.project.A.id));
      if (!row) expect((await whatsappApi(admin.client).save(creds(PHONE_A))).status).toBe(200);
    },
    /** Project A's contact with this number (and its conversation). */
    async conversationOf(waId: string) {
      const [contact] = await w.db
        .select()
        .from(whatsappContacts)
        .where(and(eq(whatsappContacts.projectId, w.project.A.id), eq(whatsappContacts.waId, waId)));
      return contact;
    },
    async messagesOf(conversationId: string): Promise<MessageView[]> {
      const res = await chatApi(staff!.client).messages(conversationId);
      expect(res.status).toBe(200);
      return res.body.data.messages;
    },
  };
  return env;
}
