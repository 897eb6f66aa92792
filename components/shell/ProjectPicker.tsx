'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { dialogOverlay, dialogPanel } from '@/components/ui/Dialog';
import { Select } from '@/components/ui/Select';
import { pickerProjectsQuery } from '@/lib/auth/queries';
import { FieldFrame, SubmitButton, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { ApiError, api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { pathFor } from '@/lib/routes/match';
import { closePicker, picker, usePicker } from '@/lib/shell/picker';
import { canSubmit, chooseProject, initialPair, profilesFor, selectable, type CurrentPair, type PickerProject } from '@/lib/shell/picker-state';

const EMPTY = { projectId: '', projectProfileId: '' };

/**
 * SPEC.md section 4's project/profile dialog, 350 px wide. While the session is not
 * connected it is persistent: Escape and outside clicks do nothing and Cancel leaves for
 * the account's projects tab. Opened through `openPicker()` from lib/shell/picker. The
 * list is cached: reopening within the freshness window shows it at once.
 */
export function ProjectPicker({ current }: { current: CurrentPair }) {
  const t = useText('picker');
  const te = useText('errors');
  const locale = useLocale();
  const router = useRouter();
  const client = useQueryClient();
  const request = usePicker();
  const projectField = useId();
  const profileField = useId();
  const connected = current !== null;
  // A failed choice belongs to the opening it happened in.
  const [failed, setFailed] = useState<{ seq: number; message: string } | null>(null);
  const failure = failed?.seq === request.seq ? failed.message : null;
  const list = useQuery({ ...pickerProjectsQuery(), enabled: request.open });
  useErrorAlert(list.error);
  const projects = list.data ?? [];

  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.changeProfileSchema), {
    defaultValues: EMPTY,
    // No refreshToken: the browser cannot read the HttpOnly cookie; the route takes the cookie's.
    onSubmit: async ({ projectId, projectProfileId }) => {
      await api('auth/changeProfile', { json: { projectId, projectProfileId } });
      const to = picker.get().redir ?? '/dashboard';
      closePicker();
      // Everything cached belonged to the project left behind: shown lists read again, the rest dropped.
      void client.resetQueries();
      router.replace(to);
      router.refresh();
    },
    onFailure: (error) => setFailed({ seq: request.seq, message: error instanceof ApiError && error.message ? error.message : te('unknown') }),
  });

  // Each open (seq, which also brings a new projectId) starts from the current pair, once the list is there.
  const loaded = list.data;
  // `current` by value: a new object with the same ids is the same pair.
  const currentProjectId = current?.projectId ?? null;
  const currentProfileId = current?.profileId ?? null;
  const pairNow = useMemo(
    () => (currentProjectId && currentProfileId ? { projectId: currentProjectId, profileId: currentProfileId } : null),
    [currentProjectId, currentProfileId],
  );
  const { open, seq, projectId: wantedProjectId } = request;
  useEffect(() => {
    if (open) form.reset(loaded ? initialPair(loaded, pairNow, wantedProjectId) : EMPTY);
  }, [open, seq, wantedProjectId, loaded, pairNow, form]);

  // Focus starts on the first choice once there is one.
  const choosable = request.open && projects.length > 0;
  useEffect(() => {
    if (choosable) form.setFocus('projectId');
  }, [choosable, form]);

  const keepOpen = !connected || busy;
  const cancel = () => {
    if (busy) return;
    closePicker();
    if (!connected) router.push(pathFor('accountTab', locale, { tab: 'projects' }));
  };

  const [projectId, projectProfileId] = form.watch(['projectId', 'projectProfileId']);
  const pair = { projectId: projectId ?? '', projectProfileId: projectProfileId ?? '' };
  const profiles = profilesFor(projects, pair.projectId);
  const projectError = errorOf('projectId');
  const profileError = errorOf('projectProfileId');
  const stateOf = (p: PickerProject) => (p.state === 'enabled' ? t('state.noProfile') : t(`state.${p.state}`));
  const projectOptions = projects.map((p) => ({
    value: p.id,
    label: selectable(p) ? p.name : t('option', { name: p.name, state: stateOf(p) }),
    disabled: !selectable(p),
  }));
  const profileOptions = profiles.map((p) => ({ value: p.id, label: p.name }));

  return (
    <RadixDialog.Root open={request.open} onOpenChange={(open) => !open && !keepOpen && closePicker()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogOverlay} />
        <RadixDialog.Content
          className={`${dialogPanel} max-w-[350px] p-5`}
          onEscapeKeyDown={(e) => keepOpen && e.preventDefault()}
          onInteractOutside={(e) => keepOpen && e.preventDefault()}
          data-testid="project-picker"
        >
          <RadixDialog.Title className="text-lg font-semibold">{t('title')}</RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-sm text-muted">{t('lead')}</RadixDialog.Description>

          {list.isPending && (
            <p role="status" className="mt-4 text-sm text-muted">
              {t('loading')}
            </p>
          )}
          {list.isError && !list.data && (
            <div className="mt-4 text-sm" role="alert">
              <p>{t('loadFailed')}</p>
              <button type="button" onClick={() => void list.refetch()} className="mt-2 font-medium text-accent hover:underline">
                {t('retry')}
              </button>
            </div>
          )}
          {list.data?.length === 0 && (
            <div className="mt-4 text-sm" data-testid="picker-empty">
              <p>{t('empty')}</p>
              <Link
                href={pathFor('requestProject', locale)}
                onClick={() => closePicker()}
                className="mt-2 inline-block font-medium text-accent hover:underline"
              >
                {t('requestProject')}
              </Link>
            </div>
          )}

          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4" hidden={projects.length === 0}>
            <FieldFrame id={projectField} label={t('project')} error={projectError}>
              <Controller
                control={form.control}
                name="projectId"
                render={({ field }) => (
                  <Select
                    {...wiring(projectField, { error: projectError, required: true })}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={(value) => {
                      field.onChange(value);
                      form.setValue('projectProfileId', chooseProject(pair, value).projectProfileId);
                    }}
                    onBlur={field.onBlur}
                    options={projectOptions}
                    placeholder={t('chooseProject')}
                    testId="picker-project"
                  />
                )}
              />
            </FieldFrame>
            <FieldFrame id={profileField} label={t('profile')} error={profileError}>
              <Controller
                control={form.control}
                name="projectProfileId"
                render={({ field }) => (
                  <Select
                    {...wiring(profileField, { error: profileError, required: true })}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={profileOptions}
                    disabled={profiles.length === 0}
                    placeholder={pair.projectId ? t('chooseProfile') : t('chooseProjectFirst')}
                    testId="picker-profile"
                  />
                )}
              />
            </FieldFrame>
            {failure && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="picker-error">
                {failure}
              </p>
            )}
            <SubmitButton busy={busy} busyLabel={t('selecting')} disabled={!canSubmit(projects, pair, current)}>
              {t('select')}
            </SubmitButton>
          </form>

          <button
            type="button"
            onClick={cancel}
            disabled={busy}
            className="mt-3 w-full rounded-control border border-line px-4 py-2 text-sm font-medium hover:bg-surface-2 disabled:opacity-60"
            data-testid="picker-cancel"
          >
            {t('cancel')}
          </button>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
