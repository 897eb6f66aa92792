'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { settingsKeys } from '@/lib/settings/queries';
import { alerts } from '@/lib/shell/alerts';
import type { ExtensionState, ProjectSettings } from '@/lib/settings/types';

type Saved = { settings: ProjectSettings; message: string };
type Switches = Record<string, boolean>;

const switchesOf = (list: ExtensionState[]): Switches => Object.fromEntries(list.map((e) => [e.name, e.enabled]));

/** The extensions tab's switches over the cached settings, kept in the settings layout like the general tab's fields. */
export function useExtensionSettings(settings: ProjectSettings) {
  const router = useRouter();
  const client = useQueryClient();
  const te = useText('errors');
  const saved = settings.extensions;
  // Only the switches the user flipped are kept here; the rest follow each new reading of the
  // settings (root may switch an exclusive one), and one somebody else changed stays theirs.
  const [flipped, setFlipped] = useState<Switches>({});
  const wanted: Switches = { ...switchesOf(saved), ...flipped };
  const changed = saved.filter((e) => !e.exclusive && wanted[e.name] !== e.enabled);

  const save = useMutation({
    mutationFn: (json: Switches) => api<Saved>('settings/extensions', { json }),
    onSuccess: (res) => {
      client.setQueryData(settingsKeys.project(), res.settings);
      setFlipped({});
      alerts.push({ type: 'success', title: res.message });
      // The sidebar, rendered on the server, shows or hides the extensions' sections.
      router.refresh();
    },
    onError: (error) => showError(error, te),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || changed.length === 0) return;
    save.mutate(Object.fromEntries(changed.map((e) => [e.name, wanted[e.name]])));
  }

  return {
    list: saved.map((e) => ({ ...e, on: e.exclusive ? e.enabled : Boolean(wanted[e.name]) })),
    dirty: changed.length > 0,
    busy: save.isPending,
    toggle: (name: string, on: boolean) => setFlipped((f) => ({ ...f, [name]: on })),
    submit,
    discard: () => setFlipped({}),
  };
}

export type ExtensionSettingsState = ReturnType<typeof useExtensionSettings>;
