'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import type { ExtensionState, ProjectSettings } from '@/lib/settings/types';

type Saved = { settings: ProjectSettings; message: string };
type Switches = Record<string, boolean>;

const switchesOf = (list: ExtensionState[]): Switches => Object.fromEntries(list.map((e) => [e.name, e.enabled]));

/** The extensions tab's switches, kept in the settings layout like the general tab's fields. */
export function useExtensionSettings(initial: ProjectSettings) {
  const router = useRouter();
  const te = useText('errors');
  const [saved, setSaved] = useState(initial.extensions);
  const [wanted, setWanted] = useState<Switches>(() => switchesOf(initial.extensions));
  const [busy, setBusy] = useState(false);
  // Only the switches the user flipped are sent: one somebody else changed meanwhile stays theirs.
  const changed = saved.filter((e) => !e.exclusive && wanted[e.name] !== e.enabled);

  // A refresh brings the server's state (root may have switched an exclusive one); it
  // replaces the switches only while none is flipped.
  useEffect(() => {
    if (changed.length > 0) return;
    setSaved(initial.extensions);
    setWanted(switchesOf(initial.extensions));
  }, [initial]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || changed.length === 0) return;
    setBusy(true);
    try {
      const res = await api<Saved>('settings/extensions', { json: Object.fromEntries(changed.map((e) => [e.name, wanted[e.name]])) });
      setSaved(res.settings.extensions);
      setWanted(switchesOf(res.settings.extensions));
      alerts.push({ type: 'success', title: res.message });
      // The sidebar shows or hides the extensions' sections.
      router.refresh();
    } catch (error) {
      showError(error, te);
    } finally {
      setBusy(false);
    }
  }

  return {
    list: saved.map((e) => ({ ...e, on: e.exclusive ? e.enabled : Boolean(wanted[e.name]) })),
    dirty: changed.length > 0,
    busy,
    toggle: (name: string, on: boolean) => setWanted((w) => ({ ...w, [name]: on })),
    submit,
    discard: () => setWanted(switchesOf(saved)),
  };
}

export type ExtensionSettingsState = ReturnType<typeof useExtensionSettings>;
