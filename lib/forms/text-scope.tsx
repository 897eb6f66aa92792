import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { TextProvider } from '../i18n/client';

/**
 * Server side: hands the client components below it the namespaces they need, on top of
 * the few the app layout gives every page.
 */
export async function TextScope({ namespaces, children }: { namespaces: string[]; children: ReactNode }) {
  const messages = await getMessages();
  const picked = Object.fromEntries(namespaces.map((ns) => [ns, (messages[ns] ?? {}) as Record<string, unknown>]));
  return <TextProvider messages={picked}>{children}</TextProvider>;
}
