import type { Db } from '@/lib/db/client';
import { blogCategories, blogPosts } from '@/lib/blog/tables';

let n = 0;
export const uniqueBlogSlug = (prefix = 'post') => `${prefix}-${Date.now().toString(36)}-${(n += 1)}`;

/** A post written straight into a project, published unless told otherwise. */
export async function blogPostIn(db: Db, projectId: string, over: Partial<typeof blogPosts.$inferInsert> = {}) {
  const [row] = await db
    .insert(blogPosts)
    .values({ projectId, slug: uniqueBlogSlug(), title: 'Matrix post', body: 'Hello', status: 'published', publishedAt: new Date(), ...over })
    .returning();
  return row;
}

export async function blogCategoryIn(db: Db, projectId: string, parentId: string | null = null) {
  const [row] = await db
    .insert(blogCategories)
    .values({ projectId, name: 'Matrix category', slug: uniqueBlogSlug('cat'), parentId })
    .returning();
  return row;
}
