'use client';

import { useState } from 'react';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api, ApiError } from '@/lib/http/api-client';
import { useCaptcha } from './CaptchaField';
import { useLinkToken } from './use-link-token';

export type LinkOutcome = { ok: boolean; message: string };

/**
 * The form behind an emailed one-time link (confirm an address, undo an email change): the
 * link's token and a captcha sent to `path`, then the outcome. A used or expired link ends
 * in a failed outcome (it cannot be retried); a captcha problem stays on the form.
 */
export function useLinkForm(path: string) {
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.emailConfirmationSchema), {
    defaultValues: { token: '', captchaCode: '' },
    onSubmit: async (values) => {
      const { message } = await api<{ message: string }>(path, { json: values, session: false });
      setOutcome({ ok: true, message });
    },
    onFailure: (error) => {
      captcha.reset();
      if (error instanceof ApiError && error.fields.token) setOutcome({ ok: false, message: error.fields.token });
    },
  });
  const captcha = useCaptcha(form);
  const token = useLinkToken(form);
  return { outcome, token, captcha, busy: busy || captcha.waiting, onSubmit: captcha.whenSolved(submit), captchaError: errorOf('captchaCode') };
}
