'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
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
  const [wanted, setWanted] = useState<Switches>(() => switchesOf(saved));
  // Only the switches the user flipped are sent: one somebody else changed meanwhile stays theirs.
  const changed = saved.filter((e) => !e.exclusive && wanted[e.name] !== e.enabled);

  // A new reading of the settings (root may have switched an exclusive one) replaces the
  // switches only while none is flipped.
  useEffect(() => {
    if (changed.length > 0) return;
    setWanted(switchesOf(saved));
  }, [saved]);

  const save = useMutation({
    mutationFn: (json: Switches) => api<Saved>('settings/extensions', { json }),
    onSuccess: (res) => {
      client.setQueryData(settingsKeys.project(), res.settings);
      setWanted(switchesOf(res.settings.extensions));
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
    toggle: (name: string, on: boolean) => setWanted((w) => ({ ...w, [name]: on })),
    submit,
    discard: () => setWanted(switchesOf(saved)),
  };
}

export type ExtensionSettingsState = ReturnType<typeof useExtensionSettings>;
