import Link from 'next/link';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

export function HelpList({ locale, items }: { locale: Locale; items: { slug: string; title: string; summary: string }[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((a) => (
        <li key={a.slug}>
          <Link href={pathFor('help', locale, { slug: a.slug })} className="border-line hover:border-accent block h-full rounded-lg border p-4 transition-colors">
            <span className="font-medium">{a.title}</span>
            <span className="text-muted mt-1 block text-sm">{a.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
