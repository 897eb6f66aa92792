import { Link } from '@/components/ui/Link';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

export function HelpList({ locale, items }: { locale: Locale; items: { slug: string; title: string; summary: string }[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((a) => (
        <li key={a.slug}>
          <Link href={pathFor('help', locale, { slug: a.slug })} className="block h-full card p-5 transition-colors hover:border-accent">
            <span className="font-medium">{a.title}</span>
            <span className="mt-1 block text-sm text-muted">{a.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
