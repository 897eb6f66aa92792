import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PROJECT_STATUS } from '../projects/status';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import { PUBLIC_POSTS_MAX } from './limits';
import { blogCategories, blogPostCategories, blogPosts } from './tables';

// What anyone may read: published posts of enabled projects with the blog switched on.

export type BlogProject = { id: string; key: string; name: string; timeZone: string; language: string };

export type PublicPost = {
  slug: string;
  language: 'en' | 'es';
  title: string;
  excerpt: string;
  body: string;
  coverUrl: string | null;
  coverAlt: string;
  seoTitle: string;
  seoDescription: string;
  publishedAt: Date;
  updatedAt: Date;
  author: string | null;
  categories: { slug: string; name: string }[];
};

/** The project behind a public blog address, or null (unknown, not enabled, or blog off): a 404. */
export async function findBlogProject(db: Db, key: string): Promise<BlogProject | null> {
  if (key.length > 64) return null;
  const [row] = await db
    .select({
      id: projects.id,
      key: projects.key,
      name: projects.name,
      timeZone: projects.timeZone,
      language: projects.language,
      status: projects.status,
      extensions: projects.extensions,
    })
    .from(projects)
    .where(eq(projects.key, key))
    .limit(1);
  if (!row || row.status !== PROJECT_STATUS.enabled || !row.extensions.includes('blog')) return null;
  return { id: row.id, key: row.key, name: row.name, timeZone: row.timeZone, language: row.language };
}

type Filter = { language?: 'en' | 'es'; category?: string; slug?: string; limit?: number };

/** Published posts, newest first, with their authors' names and categories. */
export async function listPublished(db: Db, projectId: string, filter: Filter = {}): Promise<PublicPost[]> {
  const where = [eq(blogPosts.projectId, projectId), eq(blogPosts.status, 'published')];
  if (filter.language) where.push(eq(blogPosts.language, filter.language));
  if (filter.slug) where.push(eq(blogPosts.slug, filter.slug));
  if (filter.category)
    where.push(
      inArray(
        blogPosts.id,
        db
          .select({ id: blogPostCategories.postId })
          .from(blogPostCategories)
          .innerJoin(blogCategories, eq(blogCategories.id, blogPostCategories.categoryId))
          .where(and(eq(blogCategories.projectId, projectId), eq(blogCategories.slug, filter.category))),
      ),
    );
  const rows = await db
    .select({ post: blogPosts, author: users.name })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(...where))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(Math.min(filter.limit ?? PUBLIC_POSTS_MAX, PUBLIC_POSTS_MAX));
  if (rows.length === 0) return [];
  const links = await db
    .select({ postId: blogPostCategories.postId, slug: blogCategories.slug, name: blogCategories.name })
    .from(blogPostCategories)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPostCategories.categoryId))
    .where(
      inArray(
        blogPostCategories.postId,
        rows.map((r) => r.post.id),
      ),
    )
    .orderBy(sql`${blogCategories.name}`);
  return rows.map(({ post, author }) => ({
    slug: post.slug,
    language: post.language,
    title: post.title,
    excerpt: post.excerpt,
    body: post.body,
    coverUrl: post.coverUrl,
    coverAlt: post.coverAlt,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    publishedAt: post.publishedAt ?? post.updatedAt,
    updatedAt: post.updatedAt,
    author: author ?? null,
    categories: links.filter((l) => l.postId === post.id).map(({ slug, name }) => ({ slug, name })),
  }));
}

/** One published post by slug: the reader's language first, else the other one's. */
export async function findPublished(db: Db, projectId: string, slug: string, language: 'en' | 'es'): Promise<PublicPost | null> {
  if (slug.length > 100) return null;
  const found = await listPublished(db, projectId, { slug, limit: 2 });
  return found.find((p) => p.language === language) ?? found[0] ?? null;
}

/** Every project's public blog posts, for the sitemap. */
export async function listSitemapPosts(db: Db): Promise<{ key: string; slug: string; updatedAt: Date }[]> {
  return db
    .select({ key: projects.key, slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .innerJoin(projects, eq(projects.id, blogPosts.projectId))
    .where(and(eq(blogPosts.status, 'published'), eq(projects.status, PROJECT_STATUS.enabled), sql`${projects.extensions} @> '["blog"]'::jsonb`))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(5000);
}
