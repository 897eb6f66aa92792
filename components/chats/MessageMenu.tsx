'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { useText } from '@/lib/i18n/client';
import { DotsIcon, MESSAGE_ACTIONS_TRIGGER } from './MessageActions';

const menuItem = 'data-[highlighted]:bg-surface-2 cursor-pointer rounded px-3 py-1.5 outline-none';

/**
 * A message's actions menu (Radix dropdown), loaded by MessageActions at the first use and
 * mounted open in place of the plain button that stood for it.
 */
export default function MessageMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const t = useText('chats');
  // Choosing Edit hands focus to the edit box, not back to the menu's button.
  const toEdit = useRef(false);
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger aria-label={t('messageActions')} className={MESSAGE_ACTIONS_TRIGGER} data-testid="chat-message-actions">
        <DotsIcon />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(e) => {
            if (toEdit.current) e.preventDefault();
            toEdit.current = false;
          }}
          className="z-50 min-w-36 rounded-control border border-line bg-surface p-1 text-sm text-ink shadow-overlay"
        >
          <Menu.Item
            onSelect={() => {
              toEdit.current = true;
              onEdit();
            }}
            className={menuItem}
            data-testid="chat-edit"
          >
            {t('editMessage')}
          </Menu.Item>
          <Menu.Item onSelect={onDelete} className={`${menuItem} text-red-700 dark:text-red-400`} data-testid="chat-delete">
            {t('deleteMessage')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
