'use client';

import { useId } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import type { ProfileGrant } from '@/lib/access/check';
import { FieldError, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { PROFILE_NAME_MAX } from '@/lib/profiles/limits';
import type { ProfileView } from '@/lib/profiles/schemas';
import { alerts } from '@/lib/shell/alerts';
import { PermissionTree } from './PermissionTree';
import { useProfileWrite } from './use-profile-writes';

/** Creates a profile (`profile` null) or edits one: name, full access and the permission tree. */
export function ProfileEditor({
  profile,
  activeProfileId,
  actor,
  onClose,
  onSaved,
}: {
  profile: ProfileView | null;
  activeProfileId: string;
  actor: ProfileGrant;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useText('profiles');
  const ids = useId();
  const save = useProfileWrite(activeProfileId);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/profiles/schemas').then((m) => m.profileSchema), {
    defaultValues: { name: profile?.name ?? '', isRoot: profile?.isRoot ?? false, permissions: profile?.permissions ?? [] },
    onSubmit: async (values) => {
      const saved = await save.mutateAsync(
        profile
          ? { path: `profiles/${profile.id}`, method: 'PATCH', json: values, id: profile.id }
          : { path: 'profiles', method: 'POST', json: values, id: null },
      );
      alerts.push({ type: 'success', title: saved.message });
      onSaved();
    },
  });
  // Both are set by hand rather than registered: a disabled input must still send its value.
  const isRoot = form.watch('isRoot') ?? false;
  const selected = new Set(form.watch('permissions') ?? []);
  const held = new Set(actor.permissions);
  const grantable = (p: string) => actor.isRoot || held.has(p);
  const rootError = errorOf('isRoot');
  const permissionsError = errorOf('permissions');

  return (
    <Dialog title={profile ? t('editTitle', { name: profile.name }) : t('createTitle')} onClose={onClose} busy={busy} wide testId="profile-editor">
      <form onSubmit={submit} noValidate className="flex max-h-[calc(100dvh-10rem)] flex-col">
        <div className="flex flex-col gap-5 overflow-y-auto px-5 py-4">
          <TextField
            label={t('name')}
            required
            maxLength={PROFILE_NAME_MAX}
            autoComplete="off"
            hint={t('nameHint')}
            registration={form.register('name')}
            error={errorOf('name')}
          />
          <div>
            <div className="flex items-center gap-3">
              <input
                id={`${ids}-root`}
                type="checkbox"
                role="switch"
                checked={isRoot}
                disabled={!actor.isRoot}
                onChange={(e) => {
                  form.setValue('isRoot', e.target.checked, { shouldDirty: true });
                  form.clearErrors('isRoot');
                }}
                aria-describedby={`${ids}-root-hint${rootError ? ` ${ids}-root-error` : ''}`}
                aria-invalid={rootError ? true : undefined}
                className="size-5 accent-accent disabled:opacity-50"
                data-testid="profile-root"
              />
              <label htmlFor={`${ids}-root`} className="text-sm font-medium">
                {t('isRoot')}
              </label>
            </div>
            <p id={`${ids}-root-hint`} className="mt-1 text-xs text-muted">
              {actor.isRoot ? t('isRootHint') : t('isRootLocked')}
            </p>
            <FieldError id={`${ids}-root-error`} message={rootError} />
          </div>
          <div>
            <PermissionTree
              selected={selected}
              allGranted={isRoot}
              grantable={grantable}
              errorId={permissionsError ? `${ids}-permissions-error` : undefined}
              onChange={(next) => {
                form.setValue('permissions', [...next], { shouldDirty: true });
                form.clearErrors('permissions');
              }}
            />
            <FieldError id={`${ids}-permissions-error`} message={permissionsError} />
          </div>
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={profile ? t('save') : t('create')} busyLabel={t('saving')} testId="profile-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
