'use client';

import { useQuery } from '@tanstack/react-query';
import { IdCard } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import type { ProfileGrant } from '@/lib/access/check';
import { useText } from '@/lib/i18n/client';
import { profilesQuery } from '@/lib/profiles/queries';
import type { ProfileView } from '@/lib/profiles/schemas';

// Dialogs are chunks of their own, fetched when first opened: most visits never open them (First Load JS budget).
const DeleteProfileDialog = dynamic(() => import('./DeleteProfileDialog').then((m) => m.DeleteProfileDialog), { ssr: false });
const ProfileEditor = dynamic(() => import('./ProfileEditor').then((m) => m.ProfileEditor), { ssr: false });

export type ProfileActions = { create: boolean; update: boolean; delete: boolean };

/**
 * The project's profiles with the actions the active profile (`activeProfileId`, granting
 * `actor`) may take. The server's list seeds the cache; a change reads it again.
 */
export function ProfilesManager({
  profiles: initial,
  activeProfileId,
  actor,
  may,
}: {
  profiles: ProfileView[];
  activeProfileId: string;
  actor: ProfileGrant;
  may: ProfileActions;
}) {
  const t = useText('profiles');
  const { data: profiles, isFetching } = useQuery({ ...profilesQuery(), initialData: initial });
  const [editing, setEditing] = useState<ProfileView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProfileView | null>(null);
  // Only a full-access actor may touch a full-access profile (the server says the same).
  const mayTouch = (p: ProfileView) => actor.isRoot || !p.isRoot;

  const changed = () => {
    setEditing(null);
    setDeleting(null);
  };

  return (
    <div className="space-y-4">
      {may.create && (
        <button type="button" onClick={() => setEditing('new')} className={primaryButton} data-testid="profile-new">
          {t('new')}
        </button>
      )}
      {profiles.length === 0 ? (
        <EmptyState icon={IdCard} text={t('empty')} />
      ) : (
        <DataTable
          testId="profiles"
          caption={t('listLabel')}
          busy={isFetching}
          cards
          columns={[
            { label: t('columns.name') },
            { label: t('columns.permissions') },
            { label: t('columns.members') },
            { label: t('columns.actions'), hidden: true },
          ]}
        >
          {profiles.map((p) => (
            <tr key={p.id} data-testid="profile-row">
              <th scope="row" className="px-3 py-3 font-medium max-sm:block max-sm:px-0 max-sm:py-1">
                {p.name}
                {p.isRoot && (
                  <span className="ml-2 rounded-full bg-primary px-2 py-0.5 align-middle text-xs font-medium text-white" data-testid="profile-root-badge">
                    {t('fullAccess')}
                  </span>
                )}
              </th>
              <td className={`px-3 py-3 ${cardCell}`} data-label={t('columns.permissions')}>
                {p.isRoot ? t('allPermissions') : p.permissions.length}
              </td>
              <td className={`px-3 py-3 ${cardCell}`} data-label={t('columns.members')}>
                {p.members}
              </td>
              <td className="px-3 py-3 max-sm:block max-sm:px-0 max-sm:pt-2">
                <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                  {may.update && mayTouch(p) && (
                    <button
                      type="button"
                      onClick={() => setEditing(p)}
                      aria-label={t('editLabel', { name: p.name })}
                      className={rowButton}
                      data-testid="profile-edit"
                    >
                      {t('edit')}
                    </button>
                  )}
                  {may.delete && mayTouch(p) && (
                    <button
                      type="button"
                      onClick={() => setDeleting(p)}
                      aria-label={t('deleteLabel', { name: p.name })}
                      className={rowButton}
                      data-testid="profile-delete-open"
                    >
                      {t('delete')}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing && (
        <ProfileEditor
          key={editing === 'new' ? 'new' : editing.id}
          profile={editing === 'new' ? null : editing}
          activeProfileId={activeProfileId}
          actor={actor}
          onClose={() => setEditing(null)}
          onSaved={changed}
        />
      )}
      {deleting && <DeleteProfileDialog profile={deleting} activeProfileId={activeProfileId} onClose={() => setDeleting(null)} onDeleted={changed} />}
    </div>
  );
}
