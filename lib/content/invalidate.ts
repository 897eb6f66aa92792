import { revalidatePath } from 'next/cache';
import { after } from 'next/server';
import { invalidatePages } from '../http/page-cache';
import type { ContentKind } from './schemas';

// The page files that show each kind, as Next names them: route groups included, the
// language a dynamic segment, so one pattern covers both languages' URLs. The sitemap is
// rendered per request and needs nothing.
const PAGES: Record<ContentKind, string[]> = {
  faq: ['/[locale]/(public)/faq'],
  // The FAQ page and the home page list the help articles too.
  help: ['/[locale]/(public)/help/[slug]', '/[locale]/(public)/faq', '/[locale]/(public)'],
};

/** Next's request scope is missing (a test or a script calling the service): it has no page cache to clear. */
function outsideNext(error: unknown): boolean {
  return error instanceof Error && /static generation store missing|outside a request scope/.test(error.message);
}

/**
 * Makes the public pages showing `kind` render afresh on their next request: Next's own
 * cache of them and the finished responses server.ts keeps. Call it once the change is
 * committed, or a request in between would render and keep the old content again.
 */
export function invalidateContent(kind: ContentKind): void {
  invalidatePages();
  try {
    for (const page of PAGES[kind]) revalidatePath(page, 'page');
    // Next applies the revalidation as the response goes out; a page server.ts kept in
    // the meantime would still be the old one, so the kept pages are dropped once more.
    after(invalidatePages);
  } catch (error) {
    if (!outsideNext(error)) throw error;
  }
}
