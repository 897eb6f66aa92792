// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { onNavigationStart, watchNavigationStarts } from '@/lib/shell/navigation-start';

function link(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  a.textContent = href;
  document.body.append(a);
  return a;
}

const click = (el: Element, init: MouseEventInit = {}) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));

beforeAll(() => {
  history.replaceState(null, '', '/faq');
  // As Next's <Link> does: the page does not follow the link itself.
  document.addEventListener('click', (e) => e.preventDefault());
  watchNavigationStarts();
  watchNavigationStarts(); // twice installs once
});

describe('navigation starts', () => {
  it('hands a start that came before any listener to the first one, while the page has not changed', () => {
    click(link('/help/getting-started'));
    const listener = vi.fn();
    const stop = onNavigationStart(listener);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    // Taken once: a later listener does not see it again.
    const late = vi.fn();
    onNavigationStart(late)();
    expect(late).not.toHaveBeenCalled();
  });

  it('drops a start that has already landed on another path', () => {
    click(link('/login'));
    history.replaceState(null, '', '/login');
    const listener = vi.fn();
    onNavigationStart(listener)();
    expect(listener).not.toHaveBeenCalled();
    history.replaceState(null, '', '/faq');
  });

  it('tells subscribers of same-origin path changes only, once each, and not after they unsubscribe', () => {
    const listener = vi.fn();
    const stop = onNavigationStart(listener);
    click(link('/faq#top')); // same path
    click(link('https://example.org/elsewhere'));
    click(link('/new-tab', { target: '_blank' }));
    click(link('/file.pdf', { download: '' }));
    click(link('/modified'), { ctrlKey: true });
    click(link('/middle'), { button: 1 });
    expect(listener).not.toHaveBeenCalled();
    click(link('/register'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    click(link('/register'));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
