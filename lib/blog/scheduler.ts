import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { logger } from '../log/logger';
import { invalidatePages } from '../http/page-cache';
import { blogPosts } from './tables';
import { errorText } from '../log/error-text';

// Scheduled posts. Everything the scheduler knows lives in the rows (status 'scheduled' and
// publish_at), so a restart simply resumes and a post due while the server was down is
// published on the first run. Across instances: one run at a time holds a transaction-scoped
// advisory lock, and each post is claimed by a conditional update (still scheduled, still
// due), so a post is published once even if a run overlaps another instance's.

/** Short: a due post should show within seconds; the query is one indexed look-up. */
export const BLOG_SCHEDULER_INTERVAL_MS = 5_000;
const LOCK_KEY = 'blog:scheduler';
const BATCH = 100;

/** Publishes the posts due by `now`; returns how many. */
export async function publishDuePosts(db: Db, now = new Date()): Promise<number> {
  const published = await db.transaction(async (tx) => {
    const [{ locked }] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${LOCK_KEY})) as locked`)).rows;
    if (!locked) return 0;
    const rows = await tx
      .update(blogPosts)
      .set({ status: 'published', publishedAt: sql`${blogPosts.publishAt}`, publishAt: null, version: sql`${blogPosts.version} + 1`, updatedAt: now })
      .where(
        and(
          eq(blogPosts.status, 'scheduled'),
          lte(blogPosts.publishAt, now),
          sql`${blogPosts.id} in (select id from ${blogPosts} where status = 'scheduled' and publish_at <= ${now.toISOString()} order by publish_at limit ${BATCH} for update skip locked)`,
        ),
      )
      .returning({ id: blogPosts.id });
    return rows.length;
  });
  // Outside a request (server.ts) Next's page cache cannot be revalidated, and importing
  // next/cache here would break the server's start: the kept responses are dropped, and
  // Next's own copy expires by the pages' `revalidate`.
  if (published > 0) invalidatePages();
  return published;
}

// Next's kept copy of a blog page may be up to its `revalidate` (10 s) old when a post is
// published, and server.ts would keep that stale answer again: for a while after a publish
// each tick drops the kept pages once more, until Next's copy has been renewed.
const FOLLOW_UP_MS = 25_000;

/** Runs now and every few seconds; `stop()` on shutdown. A failed run is logged and retried next time. */
export function startBlogScheduler(db: Db): { stop(): void } {
  let running = false;
  let lastPublished = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const published = await publishDuePosts(db);
      if (published) {
        lastPublished = Date.now();
        logger.info({ published }, 'blog posts published');
      } else if (Date.now() - lastPublished < FOLLOW_UP_MS) invalidatePages();
    } catch (error) {
      logger.error({ err: errorText(error) }, 'blog scheduler failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), BLOG_SCHEDULER_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
