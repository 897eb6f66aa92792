'use client';

import { useQuery } from '@tanstack/react-query';
import type { MessageView } from '@/lib/chats/types';
import { useText } from '@/lib/i18n/client';
import { whatsappConversationQuery } from '@/lib/whatsapp/queries';

/**
 * Under a message of a WhatsApp conversation: where it came from, or how far it got (sent,
 * delivered, read, or why it failed). Reads what the panel fetched; asks for nothing itself.
 */
export function WhatsappMessageState({ message }: { message: MessageView }) {
  const { data } = useQuery({ ...whatsappConversationQuery(message.conversationId), enabled: false });
  const t = useText('whatsapp');
  const state = data?.messages[message.id];
  if (!state || message.deleted) return null;
  if (state.direction === 'in') return <p className="text-xs text-muted">{t('viaWhatsapp')}</p>;
  const failed = state.status === 'failed';
  const known = state.errorCode === 131047 || state.errorCode === 131026;
  const reason = known ? t(`errorCodes.${state.errorCode}`) : t('errorCodes.unknown', { reason: state.errorText ?? '' });
  return (
    <p className={`text-xs ${failed ? 'text-red-700 dark:text-red-400' : 'text-muted'}`} data-testid="whatsapp-status" data-status={state.status}>
      {t(`status.${state.status}`)}
      {failed && <span> · {reason}</span>}
    </p>
  );
}
