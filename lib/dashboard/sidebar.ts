import { cache } from 'react';
import type { Viewer } from '../auth/service';
import type { Locale } from '../i18n/locales';
import { sidebarFor, type NavGroup } from '../routes/nav';

/**
 * The sections this viewer may open, worked out once per request: the dashboard layout
 * draws them as the sidebar and the dashboard home lists them again as cards.
 */
export const viewerSidebar = cache((viewer: Viewer, locale: Locale): NavGroup[] =>
  sidebarFor(
    {
      isRootUser: viewer.user.isRoot,
      connected: Boolean(viewer.project && viewer.profile),
      profile: viewer.profile,
      extensions: viewer.project?.extensions ?? [],
    },
    locale,
  ),
);
