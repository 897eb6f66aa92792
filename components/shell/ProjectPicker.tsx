'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { changeProfileSchema } from '@/lib/auth/schemas';
import { FieldFrame, SubmitButton, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { ApiError, api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { closePicker, picker, usePicker } from '@/lib/shell/picker';
import { canSubmit, chooseProject, initialPair, profilesFor, selectable, type CurrentPair, type PickerProject } from '@/lib/shell/picker-state';

type List = { status: 'loading' | 'ready' | 'failed'; projects: PickerProject[] };
const EMPTY = { projectId: '', projectProfileId: '' };

/**
 * SPEC.md section 4's project/profile dialog. While the session is not connected it is
 * persistent: Escape does nothing and Cancel leaves for the account's projects tab.
 * Opened through `openPicker()` from lib/shell/picker.
 */
export function ProjectPicker({ current }: { current: CurrentPair }) {
  const t = useText('picker');
  const te = useText('errors');
  const locale = useLocale();
  const router = useRouter();
  const request = usePicker();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const projectField = useId();
  const profileField = useId();
  const connected = current !== null;
  const [list, setList] = useState<List>({ status: 'loading', projects: [] });
  const [reloads, setReloads] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  const { form, submit, errorOf, busy } = useApiForm(changeProfileSchema, {
    defaultValues: EMPTY,
    // No refreshToken: the browser cannot read the HttpOnly cookie; the route takes the cookie's.
    onSubmit: async ({ projectId, projectProfileId }) => {
      await api('auth/changeProfile', { json: { projectId, projectProfileId } });
      const to = picker.get().redir ?? '/dashboard';
      closePicker();
      router.replace(to);
      router.refresh();
    },
    onFailure: (error) => setFailure(error instanceof ApiError && error.message ? error.message : te('unknown')),
  });

  // The modal follows the store; the native dialog brings the focus trap and the backdrop.
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (request.open && !el.open) el.showModal();
    if (!request.open && el.open) el.close();
  }, [request.open]);

  // The pair by value, so a new `current` object with the same ids does not reload the list.
  const currentProjectId = current?.projectId ?? null;
  const currentProfileId = current?.profileId ?? null;
  useEffect(() => {
    if (!request.open) return;
    const controller = new AbortController();
    setList({ status: 'loading', projects: [] });
    setFailure(null);
    form.reset(EMPTY);
    api<{ data: { projects: PickerProject[] } }>('auth/projects', { signal: controller.signal })
      .then(({ data }) => {
        setList({ status: 'ready', projects: data.projects });
        form.reset(initialPair(data.projects, current, request.projectId));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setList({ status: 'failed', projects: [] });
        showError(error, te);
      });
    return () => controller.abort();
    // Only a new open (seq, which also brings a new projectId) or a retry reloads the list;
    // `te` is a new function on every render.
  }, [request.open, request.seq, reloads, currentProjectId, currentProfileId]);

  // showModal focused the first control there was (Cancel, while loading); move on to the choice.
  const choosable = request.open && list.status === 'ready' && list.projects.length > 0;
  useEffect(() => {
    if (choosable) form.setFocus('projectId');
  }, [choosable]);

  const keepOpen = !connected || busy;
  const cancel = () => {
    if (busy) return;
    closePicker();
    if (!connected) router.push(pathFor('accountTab', locale, { tab: 'projects' }));
  };

  const [projectId, projectProfileId] = form.watch(['projectId', 'projectProfileId']);
  const pair = { projectId: projectId ?? '', projectProfileId: projectProfileId ?? '' };
  const profiles = profilesFor(list.projects, pair.projectId);
  const projectError = errorOf('projectId');
  const profileError = errorOf('projectProfileId');
  const stateOf = (p: PickerProject) => (p.state === 'enabled' ? t('state.noProfile') : t(`state.${p.state}`));

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // Escape asks to cancel; a persistent dialog refuses, an optional one just closes.
      onCancel={(e) => {
        if (keepOpen) e.preventDefault();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && keepOpen) e.preventDefault();
      }}
      onClose={() => {
        // Closed by the browser itself (a repeated Escape may not be cancellable).
        if (!picker.get().open) return;
        if (!connected) dialog.current?.showModal();
        else closePicker();
      }}
      className="border-line bg-surface text-ink m-auto w-[calc(100%-2rem)] max-w-[350px] rounded-lg border p-5 shadow-xl backdrop:bg-black/50"
      data-testid="project-picker"
    >
      {/* Closed, it holds nothing: no second form or Submit button in the page. */}
      {request.open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            {t('title')}
          </h2>
          <p className="text-muted mt-1 text-sm">{t('lead')}</p>

          {list.status === 'loading' && (
            <p role="status" className="text-muted mt-4 text-sm">
              {t('loading')}
            </p>
          )}
          {list.status === 'failed' && (
            <div className="mt-4 text-sm" role="alert">
              <p>{t('loadFailed')}</p>
              <button type="button" onClick={() => setReloads((n) => n + 1)} className="text-accent mt-2 font-medium hover:underline">
                {t('retry')}
              </button>
            </div>
          )}
          {list.status === 'ready' && list.projects.length === 0 && (
            <div className="mt-4 text-sm" data-testid="picker-empty">
              <p>{t('empty')}</p>
              <Link href={pathFor('requestProject', locale)} onClick={() => closePicker()} className="text-accent mt-2 inline-block font-medium hover:underline">
                {t('requestProject')}
              </Link>
            </div>
          )}

          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4" hidden={list.status !== 'ready' || list.projects.length === 0}>
            <FieldFrame id={projectField} label={t('project')} error={projectError}>
              <select
                {...form.register('projectId', {
                  onChange: (e: { target: { value: string } }) => form.setValue('projectProfileId', chooseProject(pair, e.target.value).projectProfileId),
                })}
                {...wiring(projectField, { error: projectError, required: true })}
                className={selectClass}
                data-testid="picker-project"
              >
                <option value="">{t('chooseProject')}</option>
                {list.projects.map((p) => (
                  <option key={p.id} value={p.id} disabled={!selectable(p)}>
                    {selectable(p) ? p.name : t('option', { name: p.name, state: stateOf(p) })}
                  </option>
                ))}
              </select>
            </FieldFrame>
            <FieldFrame id={profileField} label={t('profile')} error={profileError}>
              <select
                {...form.register('projectProfileId')}
                {...wiring(profileField, { error: profileError, required: true })}
                disabled={profiles.length === 0}
                className={selectClass}
                data-testid="picker-profile"
              >
                <option value="">{pair.projectId ? t('chooseProfile') : t('chooseProjectFirst')}</option>
                {profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </FieldFrame>
            {failure && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="picker-error">
                {failure}
              </p>
            )}
            <SubmitButton busy={busy} busyLabel={t('selecting')} disabled={!canSubmit(list.projects, pair, current)}>
              {t('select')}
            </SubmitButton>
          </form>

          <button
            type="button"
            onClick={cancel}
            disabled={busy}
            className="border-line hover:bg-surface-2 mt-3 w-full rounded-md border px-4 py-2 text-sm font-medium disabled:opacity-60"
            data-testid="picker-cancel"
          >
            {t('cancel')}
          </button>
        </>
      )}
    </dialog>
  );
}
