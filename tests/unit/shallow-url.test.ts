// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setShallowUrl } from '@/lib/shell/shallow-url';

// A bound function reads as native code, as the browser's own history methods do before
// Next's router wraps them; a plain function stands for the router's wrappers.
const original = { push: window.history.pushState, replace: window.history.replaceState };
const seen: string[] = [];

function unwrapped() {
  window.history.pushState = original.push.bind(window.history);
  window.history.replaceState = original.replace.bind(window.history);
}

function wrapByRouter() {
  const push = original.push.bind(window.history);
  const replace = original.replace.bind(window.history);
  window.history.pushState = function pushState(data: unknown, unused: string, url?: string | URL | null) {
    seen.push(`push ${url}`);
    push(data, unused, url);
  };
  window.history.replaceState = function replaceState(data: unknown, unused: string, url?: string | URL | null) {
    seen.push(`replace ${url}`);
    replace(data, unused, url);
  };
}

describe('setShallowUrl', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    seen.length = 0;
    original.replace.call(window.history, null, '', '/start');
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.pushState = original.push;
    window.history.replaceState = original.replace;
  });

  it('writes at once through the router once it has wrapped the history methods', () => {
    wrapByRouter();
    setShallowUrl('/chats?c=1');
    setShallowUrl('/chats?c=2', 'replace');
    expect(seen).toEqual(['push /chats?c=1', 'replace /chats?c=2']);
    expect(location.pathname + location.search).toBe('/chats?c=2');
  });

  it('holds changes made before the router is ready and writes them through it, in order, once it is', () => {
    unwrapped();
    setShallowUrl('/chats?c=1');
    setShallowUrl('/chats?c=2', 'replace');
    vi.advanceTimersByTime(100);
    // Not written behind the router's back: the page would keep showing the old address.
    expect(location.pathname).toBe('/start');
    wrapByRouter();
    // A change made while others wait goes after them, even with the router now ready.
    setShallowUrl('/chats?c=3');
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(seen).toEqual(['push /chats?c=1', 'replace /chats?c=2', 'push /chats?c=3']);
    expect(location.pathname + location.search).toBe('/chats?c=3');
  });

  it('writes anyway after a second when no router wraps the history methods', () => {
    unwrapped();
    setShallowUrl('/list?page=2');
    vi.advanceTimersByTime(980);
    expect(location.pathname).toBe('/start');
    vi.advanceTimersByTime(40);
    expect(location.pathname + location.search).toBe('/list?page=2');
  });
});
