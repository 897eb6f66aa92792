import { cache } from 'react';
import type { Viewer } from '../auth/service';
import { getDb } from '../db/client';
import type { Locale } from '../i18n/locales';
import { sidebarFor, type NavGroup } from '../routes/nav';
import type { NavRole } from '../routes/table';
import { isLinkedSeller } from '../varket/roles';

/** Roles that come from the project's data, looked up only when their extension is on. */
async function viewerRoles(viewer: Viewer): Promise<NavRole[]> {
  const project = viewer.project;
  if (!project || !viewer.profile || !project.extensions.includes('varket')) return [];
  return (await isLinkedSeller(getDb(), project.id, viewer.user.id)) ? ['varketSeller'] : [];
}

/**
 * The sections this viewer may open, worked out once per request (React's `cache`), for the
 * dashboard layout's sidebar.
 */
export const viewerSidebar = cache(async (viewer: Viewer, locale: Locale): Promise<NavGroup[]> =>
  sidebarFor(
    {
      isRootUser: viewer.user.isRoot,
      connected: Boolean(viewer.project && viewer.profile),
      profile: viewer.profile,
      extensions: viewer.project?.extensions ?? [],
      roles: await viewerRoles(viewer),
    },
    locale,
  ),
);
