'use client';

import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { secondaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';
import { SHORTCUT_KEYS, SHORTCUTS } from '@/lib/requests/shortcuts';

/** The sheet `?` opens: every key of the requests pages and what it does. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const t = useText('requests');
  return (
    <Dialog title={t('shortcutsTitle')} lead={t('shortcutsLead')} onClose={onClose} testId="shortcuts-dialog">
      <div className="px-5 py-4">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('shortcutKey')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('shortcutAction')}
              </th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s} className="border-t border-line">
                <td className="py-1.5 pr-3">
                  <kbd className="rounded border border-line bg-surface-2 px-1.5 py-0.5 font-mono text-xs">{SHORTCUT_KEYS[s]}</kbd>
                </td>
                <td className="py-1.5">{t(`shortcuts.${s}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <DialogActions onCancel={onClose} cancelLabel={t('close')} focusCancel>
          {null}
        </DialogActions>
      </div>
    </Dialog>
  );
}

/** The button beside a page's heading that opens the same sheet, for whoever does not know `?`. */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  const t = useText('requests');
  return (
    <button type="button" className={secondaryButton} onClick={onClick} aria-keyshortcuts="?" data-testid="shortcuts-button">
      {t('shortcutsButton')}
    </button>
  );
}
