'use client';

import { useState } from 'react';
import { SearchInput } from '@/components/ui/SearchInput';
import { MemberAvatar } from '@/components/users/Chips';
import type { ChatPerson } from '@/lib/chats/types';
import { useText } from '@/lib/i18n/client';
import { usePeople } from './use-people';

type Props = {
  viewerId: string;
  /** People not offered (already members). */
  exclude?: string[];
  label: string;
} & ({ mode: 'many'; value: ChatPerson[]; onChange: (people: ChatPerson[]) => void } | { mode: 'one'; onPick: (person: ChatPerson) => void; busy?: boolean });

/** Staff to choose from, searched by name: checkboxes for several, buttons for one. */
export function PeoplePicker(props: Props) {
  const t = useText('chats');
  const [query, setQuery] = useState('');
  const { people, failed } = usePeople(query, props.viewerId);
  const shown = (people ?? []).filter((p) => !props.exclude?.includes(p.id));
  return (
    <fieldset className="flex min-h-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{props.label}</legend>
      <SearchInput label={t('peopleSearch')} value={query} onChange={setQuery} className="w-full py-1.5" testId="chat-people-search" />
      <ul className="max-h-60 overflow-y-auto rounded-control border border-line" aria-busy={people === null || undefined} data-testid="chat-people">
        {people === null && <li className="p-3 text-sm text-muted">{t('loading')}</li>}
        {failed && <li className="p-3 text-sm text-red-700 dark:text-red-400">{t('loadFailed')}</li>}
        {people !== null && !failed && shown.length === 0 && <li className="p-3 text-sm text-muted">{t('peopleNone')}</li>}
        {shown.map((p) => (
          <li key={p.id} className="border-b border-line last:border-b-0">
            {props.mode === 'many' ? (
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-surface-2">
                <input
                  type="checkbox"
                  checked={props.value.some((v) => v.id === p.id)}
                  onChange={(e) => props.onChange(e.target.checked ? [...props.value, p] : props.value.filter((v) => v.id !== p.id))}
                  className="size-4 accent-accent"
                  data-testid="chat-person-check"
                />
                <MemberAvatar name={p.name} avatar={p.avatar} />
                <span className="truncate">{p.name}</span>
              </label>
            ) : (
              <button
                type="button"
                disabled={props.busy}
                onClick={() => props.onPick(p)}
                className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-surface-2 disabled:opacity-60"
                data-testid="chat-person"
                data-name={p.name}
              >
                <MemberAvatar name={p.name} avatar={p.avatar} />
                <span className="truncate">{p.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
