'use client';

import { CaptchaField } from '@/components/auth/CaptchaField';
import { useLinkForm } from '@/components/auth/use-link-form';
import { Notice } from '@/components/ui/Notice';
import { SubmitButton } from '@/lib/forms/fields';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';

/** The undo link's page (sent to the old address): a captcha and one button, then the result. */
export function EmailChangeUndo() {
  const t = useText('auth');
  const locale = useLocale();
  const { outcome, token, captcha, busy, onSubmit, captchaError } = useLinkForm('auth/emailChangeUndo');

  if (outcome?.ok)
    return (
      <Notice tone="success" title={t('undoneTitle')} text={outcome.message}>
        {/* Whoever changed the address may know the password: the next step is a new one. */}
        <a href={pathFor('forgotPassword', locale)} className="font-medium text-accent hover:underline" data-testid="undo-new-password">
          {t('undoNewPassword')}
        </a>
      </Notice>
    );
  if (outcome) return <Notice tone="error" title={t('linkInvalidTitle')} text={outcome.message} />;
  if (token === null) return <Notice tone="error" title={t('linkIncompleteTitle')} text={t('linkIncomplete')} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="email-change-undo-form">
      <p className="text-sm">{t('undoLead')}</p>
      <CaptchaField {...captcha.field} error={captchaError} />
      <SubmitButton busy={busy} busyLabel={captcha.busyLabel} disabled={!token}>
        {t('undoSubmit')}
      </SubmitButton>
    </form>
  );
}
