'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';
import { BOARD_TEMPLATE_IDS, BOARD_TEMPLATES } from '@/lib/boards/templates';
import { useText } from '@/lib/i18n/client';

/**
 * The starting sets as radio cards: each one's name, what it gives and its columns, so the
 * choice is made knowing what the board will look like. Arrow keys move between them, as in any radio group.
 */
export function TemplatePicker({ registration }: { registration: UseFormRegisterReturn<'template'> }) {
  const t = useText('boards');
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-sm font-medium">{t('template')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {BOARD_TEMPLATE_IDS.map((id) => {
          const { columns, labels } = BOARD_TEMPLATES[id];
          return (
            <label
              key={id}
              className="flex cursor-pointer gap-2 rounded-control border border-line p-3 text-sm has-checked:border-accent has-checked:bg-surface-2 has-focus-visible:outline-2 has-focus-visible:outline-accent"
              data-testid={`template-${id}`}
            >
              <input type="radio" value={id} className="mt-0.5 size-4 shrink-0 accent-accent" {...registration} />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="font-semibold">{t(`templates.${id}.name`)}</span>
                <span className="text-muted">{t(`templates.${id}.description`)}</span>
                <span className="text-xs text-muted">{t('templates.preview', { columns: columns.length, labels: labels.length })}</span>
                {columns.length > 0 && <span className="text-xs break-words">{columns.map((c) => t(`templates.columns.${c.key}`)).join(' → ')}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
