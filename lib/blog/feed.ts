import { env } from '../env';
import { pathFor } from '../routes/match';
import type { Locale } from '../routes/table';
import type { BlogProject, PublicPost } from './public';
import { renderPost } from './render';

// The public JSON API's and the RSS feed's shapes of a published post.

export function postUrl(project: Pick<BlogProject, 'key'>, slug: string, locale: Locale = 'en'): string {
  return env().PUBLIC_URL + pathFor('blogArticle', locale, { key: project.key, slug });
}

export function postJson(project: BlogProject, post: PublicPost, withBody: boolean) {
  return {
    slug: post.slug,
    language: post.language,
    title: post.title,
    excerpt: post.excerpt,
    url: postUrl(project, post.slug, post.language),
    coverUrl: post.coverUrl ? env().PUBLIC_URL + post.coverUrl : null,
    coverAlt: post.coverAlt,
    author: post.author,
    categories: post.categories,
    publishedAt: post.publishedAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    ...(withBody ? { body: post.body, html: renderPost(project.id, post.body, env().PUBLIC_URL) } : {}),
  };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** RSS 2.0 of the newest posts, each with its excerpt and the full sanitized HTML. */
export function rss(project: BlogProject, posts: PublicPost[], title: string): string {
  const link = env().PUBLIC_URL + pathFor('blog', 'en', { key: project.key });
  const items = posts.map((p) => {
    const url = postUrl(project, p.slug, p.language);
    return [
      '<item>',
      `<title>${escapeXml(p.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${p.publishedAt.toUTCString()}</pubDate>`,
      p.author ? `<dc:creator>${escapeXml(p.author)}</dc:creator>` : '',
      ...p.categories.map((c) => `<category>${escapeXml(c.name)}</category>`),
      `<description>${escapeXml(p.excerpt)}</description>`,
      `<content:encoded>${escapeXml(renderPost(project.id, p.body, env().PUBLIC_URL))}</content:encoded>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(link)}</link>`,
    `<atom:link href="${escapeXml(link)}/rss.xml" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(title)}</description>`,
    posts[0] ? `<lastBuildDate>${posts[0].publishedAt.toUTCString()}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
