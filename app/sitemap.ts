import type { MetadataRoute } from 'next';
import { listSitemapPosts } from '@/lib/blog/public';
import { listHelp } from '@/lib/content/service';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { pathFor } from '@/lib/routes/match';
import { locales, type RouteName } from '@/lib/routes/table';

// Read per request so content changes show at once.
export const dynamic = 'force-dynamic';

const STATIC_PAGES: RouteName[] = ['index', 'faq'];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().PUBLIC_URL;
  const entries: MetadataRoute.Sitemap = [];
  for (const name of STATIC_PAGES) {
    const languages = Object.fromEntries(locales.map((l) => [l, base + pathFor(name, l)]));
    for (const l of locales) entries.push({ url: languages[l], alternates: { languages } });
  }
  const db = getDb();
  const perLocale = await Promise.all(locales.map((l) => listHelp(db, l)));
  const byTopic = new Map<string, Record<string, string>>();
  perLocale.forEach((articles, i) => {
    for (const a of articles) {
      const langs = byTopic.get(a.topic) ?? {};
      langs[locales[i]] = base + pathFor('help', locales[i], { slug: a.slug });
      byTopic.set(a.topic, langs);
    }
  });
  perLocale.forEach((articles, i) => {
    for (const a of articles) {
      entries.push({ url: base + pathFor('help', locales[i], { slug: a.slug }), lastModified: a.updatedAt, alternates: { languages: byTopic.get(a.topic) } });
    }
  });
  // Blog posts: one address serves both languages (the post has its own).
  const blogUrls = new Set<string>();
  for (const p of await listSitemapPosts(db)) {
    for (const url of [base + pathFor('blog', 'en', { key: p.key }), base + pathFor('blogArticle', 'en', { key: p.key, slug: p.slug })]) {
      if (blogUrls.has(url)) continue;
      blogUrls.add(url);
      entries.push({ url, lastModified: p.updatedAt });
    }
  }
  return entries;
}
