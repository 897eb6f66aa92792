import { Link } from '@/components/ui/Link';
import type { PublicPost } from '@/lib/blog/public';
import { formatZoned } from '@/lib/blog/zoned';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

/** One post in the public list: cover, title (the link), date in the project's zone, excerpt. */
export function PublicPostCard({ post, projectKey, timeZone, locale }: { post: PublicPost; projectKey: string; timeZone: string; locale: Locale }) {
  return (
    <article lang={post.language} className="overflow-hidden rounded-card border border-line bg-surface" data-testid="blog-public-post">
      {post.coverUrl && <img src={post.coverUrl} alt={post.coverAlt} className="aspect-[2/1] w-full object-cover" loading="lazy" />}
      <div className="p-4">
        <h2 className="text-xl font-semibold break-words">
          <Link href={pathFor('blogArticle', locale, { key: projectKey, slug: post.slug })} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={post.publishedAt.toISOString()}>{formatZoned(post.publishedAt, timeZone, locale, false)}</time>
          {post.author && ` · ${post.author}`}
          {post.categories.length > 0 && ` · ${post.categories.map((c) => c.name).join(', ')}`}
        </p>
        {post.excerpt && <p className="mt-2">{post.excerpt}</p>}
      </div>
    </article>
  );
}
