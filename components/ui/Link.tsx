'use client';

import NextLink from 'next/link';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { formatUrl } from 'next/dist/shared/lib/router/utils/format-url';
import { useContext, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';

type Props = ComponentProps<typeof NextLink>;

/**
 * The app's link: next/link, prefetching its page when a person shows they may open it (the
 * pointer over it, keyboard focus, a touch) instead of whenever it scrolls into view.
 *
 * Signed-in pages are rendered per request, and Next prefetches every visible link of such a
 * page with two requests; opening the dashboard made the server answer 20-odd prefetches of
 * pages the member mostly never opened, several times the work of the page itself
 * (docs/benchmarks.md, "Prefetching"). A pointer rests on a link for a few hundred
 * milliseconds before the click, which is time enough for the same prefetch. `prefetch={false}`
 * still turns it off entirely.
 */
export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  // The router as next/link reads it: absent where no app router is mounted (a component
  // rendered on its own), where the link still works and only prefetches nothing.
  const router = useContext(AppRouterContext);
  const intent = () => {
    const target = typeof props.href === 'string' ? props.href : formatUrl(props.href);
    // A page of the app only; Next's prefetch cache drops repeats, so a second hover costs nothing.
    if (prefetch !== false && target.startsWith('/') && !target.startsWith('//')) router?.prefetch(target);
  };
  return (
    <NextLink
      {...props}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(event);
        intent();
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        intent();
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        intent();
      }}
    />
  );
}
