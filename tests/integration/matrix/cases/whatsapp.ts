import { chatConversations } from '@/lib/chats/tables';
import { whatsappContacts } from '@/lib/whatsapp/tables';
import type { MatrixCase, ProjectName, World } from '../world';

let n = 0;
const digits = () => `${Date.now()}${(n += 1)}`.slice(-15);

/** A WhatsApp support conversation of the named project: a conversation without a customer and its contact. */
async function whatsappConversation(w: World, project: ProjectName) {
  const projectId = w.project[project].id;
  const [conversation] = await w.db.insert(chatConversations).values({ projectId, kind: 'support', status: 'open', name: 'Matrix contact' }).returning();
  await w.db.insert(whatsappContacts).values({ projectId, waId: digits(), name: 'Matrix contact', conversationId: conversation.id, lastInboundAt: new Date() });
  return conversation.id;
}

const at = (id: string, tail = '') => ({ path: `/api/whatsapp/conversations/${id}${tail}`, params: { id } });
const GRAPH = 'calls the Graph API: tests/integration/whatsapp-replies.test.ts runs it against a fake';

export const cases: MatrixCase[] = [
  { file: 'whatsapp/settings/route.ts', method: 'GET', request: async () => ({ path: '/api/whatsapp/settings' }) },
  {
    file: 'whatsapp/settings/route.ts',
    method: 'PUT',
    // A fresh phone number id each time: one project per number.
    request: async () => ({ path: '/api/whatsapp/settings', json: { phoneNumberId: digits(), wabaId: '1' } }),
  },
  { file: 'whatsapp/conversations/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p) => at(await whatsappConversation(w, p)) },
  {
    file: 'whatsapp/conversations/[id]/templates/route.ts',
    method: 'GET',
    scoped: true,
    skipSuccess: GRAPH,
    request: async (w, p) => at(await whatsappConversation(w, p), '/templates'),
  },
  {
    file: 'whatsapp/conversations/[id]/templates/route.ts',
    method: 'POST',
    scoped: true,
    skipSuccess: GRAPH,
    request: async (w, p) => ({ ...at(await whatsappConversation(w, p), '/templates'), json: { name: 'hello_world', language: 'en_US' } }),
  },
];
