import { publish } from '../realtime/pubsub';
import { WHATSAPP_EVENTS, type WhatsappStatusEvent } from './types';

/** Support staff's screens refetch the conversation's WhatsApp side (statuses, window). */
export async function publishStatus(projectId: string, conversationId: string): Promise<void> {
  const d: WhatsappStatusEvent = { projectId, conversationId };
  await publish({ audience: { projectId, perms: ['CHATS__SUPPORT'] }, e: WHATSAPP_EVENTS.status, d });
}
