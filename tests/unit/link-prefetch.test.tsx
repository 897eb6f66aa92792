// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from '@/components/ui/Link';

afterEach(cleanup);

function withRouter(node: ReactNode) {
  const prefetch = vi.fn();
  const router = { prefetch, push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn() } as unknown as AppRouterInstance;
  render(<AppRouterContext.Provider value={router}>{node}</AppRouterContext.Provider>);
  return prefetch;
}

// Signed-in pages are rendered per request: a link asks for its page when a person may open
// it, not because it is on screen (components/ui/Link.tsx).
describe('Link prefetches on intent', () => {
  it('asks for nothing when it renders, and for its page on pointer, focus or touch', () => {
    const prefetch = withRouter(
      <Link href="/dashboard/chats" className="nav">
        Chats
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Chats' });
    expect(link.getAttribute('href')).toBe('/dashboard/chats');
    expect(link.className).toBe('nav');
    expect(prefetch).not.toHaveBeenCalled();

    fireEvent.mouseEnter(link);
    expect(prefetch).toHaveBeenLastCalledWith('/dashboard/chats');
    fireEvent.focus(link);
    fireEvent.touchStart(link);
    expect(prefetch).toHaveBeenCalledTimes(3);
  });

  it('keeps the caller’s own handlers, and builds the address of an object href', () => {
    const onMouseEnter = vi.fn();
    const onFocus = vi.fn();
    const prefetch = withRouter(
      <Link href={{ pathname: '/dashboard/requests', query: { view: 'mine' } }} onMouseEnter={onMouseEnter} onFocus={onFocus}>
        Mine
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Mine' });
    fireEvent.mouseEnter(link);
    fireEvent.focus(link);
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith('/dashboard/requests?view=mine');
  });

  it('never prefetches with prefetch={false}, nor an address outside the app', () => {
    const prefetch = withRouter(
      <>
        <Link href="/logout" prefetch={false}>
          Sign out
        </Link>
        <Link href="//elsewhere.example/page">Elsewhere</Link>
        <Link href="#main">Skip</Link>
      </>,
    );
    for (const name of ['Sign out', 'Elsewhere', 'Skip']) fireEvent.mouseEnter(screen.getByRole('link', { name }));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('renders and follows where no app router is mounted', () => {
    render(<Link href="/faq">FAQ</Link>);
    const link = screen.getByRole('link', { name: 'FAQ' });
    expect(() => fireEvent.mouseEnter(link)).not.toThrow();
    expect(link.getAttribute('href')).toBe('/faq');
  });
});
