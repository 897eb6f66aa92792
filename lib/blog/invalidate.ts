import { revalidatePath } from 'next/cache';
import { after } from 'next/server';
import { invalidatePages } from '../http/page-cache';

// The public blog pages as Next names them (route groups included, the language and key
// dynamic), so one pattern covers every project and both languages. The feed, the JSON API
// and the sitemap are rendered per request and need nothing.
const PAGES = ['/[locale]/(public)/projects/[key]/blog', '/[locale]/(public)/projects/[key]/blog/[slug]'];

function outsideNext(error: unknown): boolean {
  return error instanceof Error && /static generation store missing|outside a request scope|Invariant/.test(error.message);
}

/**
 * A post became public, changed while public, or stopped being public: the blog pages render
 * afresh. Like the FAQ's: Next's copy and the finished responses server.ts keeps. Outside a
 * request (the scheduler) only the kept responses can be dropped; Next's copy then expires by
 * the pages' `revalidate`.
 */
export function invalidateBlog(): void {
  invalidatePages();
  try {
    for (const page of PAGES) revalidatePath(page, 'page');
    after(invalidatePages);
  } catch (error) {
    if (!outsideNext(error)) throw error;
  }
}
