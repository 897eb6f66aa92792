import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { TextProvider } from '../i18n/client';
import { pickMessages } from '../i18n/pick';

/**
 * Server side: hands the client components below it the namespaces they need, on top of
 * the few the app layout gives every page.
 */
export async function TextScope({ namespaces, children }: { namespaces: string[]; children: ReactNode }) {
  return <TextProvider messages={pickMessages(await getMessages(), namespaces)}>{children}</TextProvider>;
}
