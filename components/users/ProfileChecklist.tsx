'use client';

import { useId } from 'react';
import { FieldError } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import type { ProfileOption } from '@/lib/users/members';

/**
 * The project's profiles as checkboxes. One the viewer may not hand out is disabled,
 * unless the member already holds it (keeping it is not handing it out).
 */
export function ProfileChecklist({
  options,
  value,
  held = [],
  onChange,
  error,
}: {
  options: ProfileOption[];
  /** The form's `profileIds` as watched (a form's input type lets entries be empty). */
  value: readonly (string | null | undefined)[] | undefined;
  held?: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const t = useText('users');
  const id = useId();
  const chosen = (value ?? []).filter((v): v is string => typeof v === 'string');
  const toggle = (profileId: string, on: boolean) => onChange(on ? [...chosen, profileId] : chosen.filter((v) => v !== profileId));
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined} data-testid="profile-checklist">
      <legend className="mb-1 text-sm font-medium">{t('profiles')}</legend>
      <p id={`${id}-hint`} className="mb-2 text-xs text-muted">
        {t('profilesHint')}
      </p>
      <ul className="max-h-60 divide-y overflow-y-auto rounded-control border border-line">
        {options.map((p) => {
          const locked = !p.assignable && !held.includes(p.id);
          return (
            <li key={p.id}>
              <label className={`flex items-center gap-3 px-3 py-2 text-sm ${locked ? 'cursor-not-allowed text-muted' : 'cursor-pointer hover:bg-surface-2'}`}>
                <input type="checkbox" className="size-4" checked={chosen.includes(p.id)} disabled={locked} onChange={(e) => toggle(p.id, e.target.checked)} />
                <span className="flex-1">
                  {p.name}
                  {p.isRoot && <span className="ml-2 text-xs text-muted">({t('fullAccess')})</span>}
                </span>
                {locked && <span className="text-xs">{t('beyondYou')}</span>}
              </label>
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
