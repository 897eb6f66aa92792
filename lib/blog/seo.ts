import type { Metadata } from 'next';
import { markdownToText } from '../content/markdown';
import { env } from '../env';
import { ogLocale, publicMetadata } from '../i18n/metadata';
import type { Locale } from '../routes/table';
import { postUrl } from './feed';
import type { BlogProject, PublicPost } from './public';

/** JSON in a script tag must not be able to close it. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const absolute = (url: string | null) => (url ? env().PUBLIC_URL + url : undefined);
export const descriptionOf = (post: PublicPost) => post.seoDescription || post.excerpt || markdownToText(post.body).slice(0, 200);

/** A post's title, description, canonical URL and Open Graph article card (with its cover). */
export function postMetadata(project: BlogProject, post: PublicPost, locale: Locale): Metadata {
  const title = post.seoTitle || post.title;
  const description = descriptionOf(post);
  const base = publicMetadata('blogArticle', locale, { title, description, params: { key: project.key, slug: post.slug } });
  const cover = absolute(post.coverUrl);
  return {
    ...base,
    openGraph: {
      ...base.openGraph,
      type: 'article',
      locale: ogLocale(post.language),
      publishedTime: post.publishedAt.toISOString(),
      modifiedTime: post.updatedAt.toISOString(),
      authors: post.author ? [post.author] : undefined,
      tags: post.categories.map((c) => c.name),
      images: cover ? [{ url: cover, alt: post.coverAlt }] : undefined,
    },
    twitter: { card: cover ? 'summary_large_image' : 'summary', title, description, images: cover ? [cover] : undefined },
  };
}

/** schema.org BlogPosting for search engines. */
export function postStructuredData(project: BlogProject, post: PublicPost) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: descriptionOf(post),
    inLanguage: post.language,
    datePublished: post.publishedAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    url: postUrl(project, post.slug, post.language),
    mainEntityOfPage: postUrl(project, post.slug, post.language),
    image: absolute(post.coverUrl),
    author: post.author ? { '@type': 'Person', name: post.author } : undefined,
    publisher: { '@type': 'Organization', name: project.name },
    keywords: post.categories.map((c) => c.name).join(', ') || undefined,
  };
}
