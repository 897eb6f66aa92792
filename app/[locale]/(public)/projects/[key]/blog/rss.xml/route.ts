import { rss } from '@/lib/blog/feed';
import { findBlogProject, listPublished } from '@/lib/blog/public';
import { getDb } from '@/lib/db/client';
import { textFor } from '@/lib/i18n/server-text';
import { locales, type Locale } from '@/lib/i18n/locales';

// Read per request (publishing shows at once); server.ts keeps the answer for a minute
// like a public page, and publishing drops what it kept.
export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ locale: string; key: string }> };

/** The project's RSS 2.0 feed; 404 unless its blog is on. */
export async function GET(_req: Request, { params }: Context) {
  const { locale, key } = await params;
  const project = await findBlogProject(getDb(), key);
  if (!project) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const posts = await listPublished(getDb(), project.id);
  const title = textFor((locales as readonly string[]).includes(locale) ? (locale as Locale) : 'en', 'blog')('public.title', { project: project.name });
  return new Response(rss(project, posts, title), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=60' },
  });
}
