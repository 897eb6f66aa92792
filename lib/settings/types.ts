import type { Extension } from '../access/extensions';
import type { Locale } from '../i18n/locales';
import type { StorageUsage } from '../quotas/types';

// The settings' shape as the API answers it; client-safe, so the forms can name it.

export type ExtensionState = { name: Extension; enabled: boolean; exclusive: boolean };

/** What the settings screen and `GET /api/settings` show of the active project. */
export type ProjectSettings = {
  name: string;
  key: string;
  logo: string | null;
  currency: string;
  timeZone: string;
  language: Locale;
  /** Every extension of the catalogue, whether it is on, and whether only root may switch it. */
  extensions: ExtensionState[];
  /** The chat attachments the project holds, against its quota (read-only here). */
  storage: StorageUsage;
};
