'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { alerts } from '@/lib/shell/alerts';
import { settingsKeys } from '@/lib/settings/queries';
import type { ProjectSettings } from '@/lib/settings/types';

type Saved = { settings: ProjectSettings; message: string };

const valuesOf = (s: ProjectSettings) => ({ name: s.name, currency: s.currency, timeZone: s.timeZone, language: s.language });

/**
 * The general tab's state over the cached settings. It lives in the settings layout, above
 * the tabs, so switching to another tab and back finds the edits (fields, picked logo,
 * pending removal) intact.
 */
export function useGeneralSettings(settings: ProjectSettings) {
  const router = useRouter();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const save = useMutation({
    mutationFn: (body: FormData) => api<Saved>('settings/general', { form: body }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.project(), saved.settings),
  });
  const apiForm = useApiForm(() => import('@/lib/settings/schemas').then((m) => m.generalSettingsSchema), {
    defaultValues: valuesOf(settings),
    onSubmit: async (values) => {
      const body = new FormData();
      body.append('json', JSON.stringify({ ...values, ...(removeLogo && !file ? { removeLogo: true } : {}) }));
      if (file) body.append('logo', file);
      const saved = await save.mutateAsync(body);
      alerts.push({ type: 'success', title: saved.message });
      apiForm.form.reset(valuesOf(saved.settings));
      setFile(null);
      setRemoveLogo(false);
      // The sidebar and the settings heading, rendered on the server, show the project's name and logo.
      router.refresh();
    },
  });
  const { form } = apiForm;
  const dirty = form.formState.isDirty || file !== null || removeLogo;

  // A new reading of the settings (someone else may have saved) replaces the form's values
  // only while it holds no edits of its own.
  useEffect(() => {
    if (dirty) return;
    form.reset(valuesOf(settings));
  }, [settings, dirty, form]);

  return {
    ...apiForm,
    logo: settings.logo,
    file,
    removeLogo,
    dirty,
    pickLogo(picked: File | null) {
      setFile(picked);
      // A server refusal of the previous file no longer applies.
      form.clearErrors('logo' as never);
      if (picked) setRemoveLogo(false);
    },
    setRemoveLogo,
    discard() {
      form.reset();
      setFile(null);
      setRemoveLogo(false);
    },
  };
}

export type GeneralSettingsState = ReturnType<typeof useGeneralSettings>;
