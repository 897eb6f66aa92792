'use client';

import { useRouter } from 'next/navigation';
import { useId } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useLocale, useText } from '@/lib/i18n/client';
import { INTERVIEW_SLUG_MAX, INTERVIEW_TEXT_MAX, INTERVIEW_TITLE_MAX } from '@/lib/interviews/limits';
import type { InterviewView } from '@/lib/interviews/schemas';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { useInterviewWrite } from './use-interview-writes';

const toLocalInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';

/** Creates an interview (`interview` null) or edits its settings. */
export function InterviewSettings({ interview, projectKey, onClose }: { interview: InterviewView | null; projectKey: string; onClose: () => void }) {
  const t = useText('interviews');
  const ids = useId();
  const locale = useLocale();
  const router = useRouter();
  const write = useInterviewWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/interviews/schemas').then((m) => m.interviewSchema), {
    defaultValues: {
      title: interview?.title ?? '',
      slug: interview?.slug ?? '',
      welcome: interview?.welcome ?? '',
      thanks: interview?.thanks ?? '',
      language: interview?.language ?? 'en',
      maxResponses: interview?.maxResponses ?? null,
      closesAt: interview?.closesAt ?? null,
      isPublic: interview?.isPublic ?? false,
      indexable: interview?.indexable ?? false,
      hiddenFields: interview?.hiddenFields ?? [],
    },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync(
        interview ? { path: `interviews/${interview.id}`, method: 'PATCH', json: values } : { path: 'interviews', method: 'POST', json: values },
      );
      alerts.push({ type: 'success', title: saved.message });
      onClose();
      // A new interview has no questions yet: adding them is the next step.
      if (!interview && saved.interview) router.push(pathFor('interviewQuestions', locale, { id: saved.interview.id }));
    },
  });
  const area = (name: 'welcome' | 'thanks') => {
    const id = `${ids}-${name}`;
    return (
      <FieldFrame id={id} label={t(`form.${name}`)} error={errorOf(name)}>
        <textarea rows={3} maxLength={INTERVIEW_TEXT_MAX} className={selectClass} {...wiring(id, { error: errorOf(name) })} {...form.register(name)} />
      </FieldFrame>
    );
  };
  const check = (name: 'isPublic' | 'indexable', label: string) => (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 size-5 accent-accent" {...form.register(name)} data-testid={`interview-${name}`} />
      <span>{label}</span>
    </label>
  );

  return (
    <Dialog title={interview ? t('form.editTitle') : t('form.createTitle')} onClose={onClose} busy={busy} wide testId="interview-settings">
      <form onSubmit={submit} noValidate className="flex max-h-[calc(100dvh-10rem)] flex-col">
        <div className="flex flex-col gap-4 overflow-y-auto px-5 py-4">
          <TextField
            label={t('form.title')}
            required
            maxLength={INTERVIEW_TITLE_MAX}
            registration={form.register('title')}
            error={errorOf('title')}
            data-testid="interview-title"
          />
          <TextField
            label={t('form.slug')}
            required
            maxLength={INTERVIEW_SLUG_MAX}
            hint={t('form.slugHint', { key: projectKey })}
            registration={form.register('slug')}
            error={errorOf('slug')}
            data-testid="interview-slug"
          />
          {area('welcome')}
          {area('thanks')}
          <FormSelect
            control={form.control}
            name="language"
            label={t('form.language')}
            error={errorOf('language')}
            options={[
              { value: 'en', label: t('form.languages.en') },
              { value: 'es', label: t('form.languages.es') },
            ]}
            testId="interview-language"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('form.maxResponses')}
              type="number"
              min={1}
              hint={t('form.maxResponsesHint')}
              registration={form.register('maxResponses', { setValueAs: (v) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
              error={errorOf('maxResponses')}
            />
            <FieldFrame id={`${ids}-closes`} label={t('form.closesAt')} error={errorOf('closesAt')}>
              <input
                type="datetime-local"
                className={selectClass}
                defaultValue={toLocalInput(interview?.closesAt ?? null)}
                {...wiring(`${ids}-closes`, { error: errorOf('closesAt') })}
                onChange={(e) => form.setValue('closesAt', e.target.value ? new Date(e.target.value).toISOString() : null, { shouldDirty: true })}
              />
            </FieldFrame>
          </div>
          <TextField
            label={t('form.hiddenFields')}
            hint={t('form.hiddenFieldsHint')}
            defaultValue={(interview?.hiddenFields ?? []).join(', ')}
            registration={form.register('hiddenFields', {
              setValueAs: (v: unknown) =>
                Array.isArray(v)
                  ? v
                  : String(v ?? '')
                      .split(',')
                      .map((s) => s.trim())
                      .filter(Boolean),
            })}
            error={errorOf('hiddenFields')}
          />
          {check('isPublic', t('form.isPublic', { key: projectKey }))}
          {check('indexable', t('form.indexable'))}
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('form.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={interview ? t('form.save') : t('form.create')} busyLabel={t('form.save')} testId="interview-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
