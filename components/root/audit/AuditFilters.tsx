'use client';

import { useId, useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { selectClass } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { auditActions, auditSubjects } from '@/lib/root/console-schemas';
import { Select } from '@/components/ui/Select';

export type AuditFilterValues = { project: string; actor: string; action: string };
export const FILTER_KEYS = ['project', 'actor', 'action'] as const;

/** Project (id, key or name), actor (email) and action; applied on submit, not per keystroke. */
export function AuditFilters({ value, onApply }: { value: AuditFilterValues; onApply: (next: AuditFilterValues) => void }) {
  const t = useText('rootAudit');
  const id = useId();
  const [draft, setDraft] = useState(value);
  // New values from outside (back button, a link): the form shows them.
  const key = FILTER_KEYS.map((k) => value[k]).join('\n');
  const [shown, setShown] = useState(key);
  if (shown !== key) {
    setShown(key);
    setDraft(value);
  }
  const set = (key: keyof AuditFilterValues) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ project: draft.project.trim(), actor: draft.actor.trim(), action: draft.action });
  };
  const empty = { project: '', actor: '', action: '' };
  const any = FILTER_KEYS.some((k) => value[k]);
  return (
    <form onSubmit={submit} role="search" aria-label={t('filters')} className="flex flex-wrap items-end gap-3" data-testid="audit-filters">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-project`} className="text-sm font-medium">
          {t('project')}
        </label>
        <input
          id={`${id}-project`}
          type="search"
          value={draft.project}
          onChange={set('project')}
          placeholder={t('projectHint')}
          maxLength={120}
          className={`${selectClass} w-56`}
          data-testid="audit-filter-project"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-actor`} className="text-sm font-medium">
          {t('actor')}
        </label>
        <input
          id={`${id}-actor`}
          type="search"
          inputMode="email"
          value={draft.actor}
          onChange={set('actor')}
          placeholder={t('actorHint')}
          maxLength={254}
          className={`${selectClass} w-56`}
          data-testid="audit-filter-actor"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-action`} className="text-sm font-medium">
          {t('action')}
        </label>
        <Select
          id={`${id}-action`}
          value={draft.action}
          onChange={(action) => setDraft((d) => ({ ...d, action }))}
          options={[
            { value: '', label: t('allActions') },
            ...auditSubjects.flatMap((subject) => {
              const group = t(`subjects.${subject}`);
              return [
                { value: `${subject}.`, label: t('allOfSubject', { subject: group }), group },
                ...auditActions.filter((a) => a.startsWith(`${subject}.`)).map((a) => ({ value: a, label: t(`actions.${a}`), group })),
              ];
            }),
          ]}
          className="w-56"
          testId="audit-filter-action"
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={primaryButton} data-testid="audit-filter-apply">
          {t('apply')}
        </button>
        {any && (
          <button type="button" className={secondaryButton} onClick={() => onApply(empty)}>
            {t('clear')}
          </button>
        )}
      </div>
    </form>
  );
}
