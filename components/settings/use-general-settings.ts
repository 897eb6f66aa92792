'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { alerts } from '@/lib/shell/alerts';
import { generalSettingsSchema } from '@/lib/settings/schemas';
import type { ProjectSettings } from '@/lib/settings/types';

type Saved = { settings: ProjectSettings; message: string };

const valuesOf = (s: ProjectSettings) => ({ name: s.name, currency: s.currency, timeZone: s.timeZone, language: s.language });

/**
 * The general tab's state. It lives in the settings layout, above the tabs, so switching
 * to another tab and back finds the edits (fields, picked logo, pending removal) intact.
 */
export function useGeneralSettings(initial: ProjectSettings) {
  const router = useRouter();
  const [logo, setLogo] = useState(initial.logo);
  const [file, setFile] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const apiForm = useApiForm(generalSettingsSchema, {
    defaultValues: valuesOf(initial),
    onSubmit: async (values) => {
      const body = new FormData();
      body.append('json', JSON.stringify({ ...values, ...(removeLogo && !file ? { removeLogo: true } : {}) }));
      if (file) body.append('logo', file);
      const saved = await api<Saved>('settings/general', { form: body });
      alerts.push({ type: 'success', title: saved.message });
      apiForm.form.reset(valuesOf(saved.settings));
      setLogo(saved.settings.logo);
      setFile(null);
      setRemoveLogo(false);
      // The app bar shows the project's name from the server.
      router.refresh();
    },
  });
  const { form } = apiForm;
  const dirty = form.formState.isDirty || file !== null || removeLogo;

  // A refresh brings the server's values (someone else may have saved); they replace the
  // form's only while it holds no edits of its own.
  useEffect(() => {
    if (dirty) return;
    form.reset(valuesOf(initial));
    setLogo(initial.logo);
  }, [initial]);

  return {
    ...apiForm,
    logo,
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
