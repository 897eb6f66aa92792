import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askPermission, permissionStore, showBrowserNotification, syncPermission } from '@/components/realtime/browser-notifications';
import { createChime } from '@/components/realtime/chime';
import { alerts } from '@/lib/shell/alerts';

const TEXTS = { notAllowed: 'Allow notifications.', unsupported: 'Browser does not support notifications.' };

/** A browser's Notification: a permission, a prompt answered by `answer`, and the instances made. */
function fakeNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  class FakeNotification {
    static permission = permission;
    static made: FakeNotification[] = [];
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(
      readonly title: string,
      readonly options: NotificationOptions,
    ) {
      FakeNotification.made.push(this);
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return FakeNotification;
}

const errorTexts = () =>
  alerts.store
    .get()
    .filter((a) => a.type === 'error')
    .map((a) => a.text);

beforeEach(() => {
  vi.useFakeTimers();
  alerts.clear();
  permissionStore.set('default');
});
afterEach(() => {
  alerts.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('browser notification permission', () => {
  it('reads the current permission into the store', () => {
    fakeNotification('denied');
    syncPermission();
    expect(permissionStore.get()).toBe('denied');
  });

  it('default → granted: stored, no alert', async () => {
    const N = fakeNotification('default', 'granted');
    await expect(askPermission(TEXTS)).resolves.toBe('granted');
    expect(N.requestPermission).toHaveBeenCalledTimes(1);
    expect(permissionStore.get()).toBe('granted');
    expect(errorTexts()).toEqual([]);
  });

  it('default → denied: stored, and the error alert "Allow notifications."', async () => {
    fakeNotification('default', 'denied');
    await expect(askPermission(TEXTS)).resolves.toBe('denied');
    expect(permissionStore.get()).toBe('denied');
    expect(errorTexts()).toEqual(['Allow notifications.']);
  });

  it('a dismissed prompt (still default) also asks to allow them', async () => {
    fakeNotification('default', 'default');
    await askPermission(TEXTS);
    expect(errorTexts()).toEqual(['Allow notifications.']);
  });

  it('supports the old callback-only requestPermission', async () => {
    const N = fakeNotification('default');
    N.requestPermission = vi.fn((done?: (p: NotificationPermission) => void) => {
      done?.('granted');
      return undefined;
    }) as never;
    await expect(askPermission(TEXTS)).resolves.toBe('granted');
  });

  it('without support: the error alert and marked unsupported', async () => {
    vi.stubGlobal('Notification', undefined);
    await expect(askPermission(TEXTS)).resolves.toBe('unsupported');
    expect(permissionStore.get()).toBe('unsupported');
    expect(errorTexts()).toEqual(['Browser does not support notifications.']);
    syncPermission();
    expect(permissionStore.get()).toBe('unsupported');
  });
});

describe('browser notifications', () => {
  it('shows nothing unless permission is granted', () => {
    const N = fakeNotification('default');
    expect(showBrowserNotification({ title: 'Team chat', body: 'New message', tag: 'chat-1', onClick: () => {} })).toBeNull();
    expect(N.made).toHaveLength(0);
  });

  it('requires interaction, is tagged per conversation; a click focuses, follows and closes it', () => {
    const N = fakeNotification('granted');
    const focus = vi.fn();
    vi.stubGlobal('focus', focus);
    const onClick = vi.fn();
    showBrowserNotification({ title: 'Chat equipo', body: 'Nuevo mensaje', tag: 'chat-1', onClick });
    const [n] = N.made;
    expect(n.title).toBe('Chat equipo');
    expect(n.options).toMatchObject({ body: 'Nuevo mensaje', tag: 'chat-1', requireInteraction: true });
    n.onclick!();
    expect(focus).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(n.close).toHaveBeenCalledTimes(1);
  });

  it('a browser that refuses the constructor shows nothing and does not throw', () => {
    class Refusing {
      static permission = 'granted';
      constructor() {
        throw new TypeError('Illegal constructor');
      }
    }
    vi.stubGlobal('Notification', Refusing);
    expect(showBrowserNotification({ title: 't', body: 'b', tag: 'x', onClick: () => {} })).toBeNull();
  });
});

describe('notification sound', () => {
  it('reuses one audio element and restarts it from the start each time', () => {
    const plays: number[] = [];
    const make = vi.fn(() => {
      const audio = {
        currentTime: 0,
        play: vi.fn(async () => {
          plays.push(audio.currentTime);
          audio.currentTime = 0.4; // as if it played for a while
        }),
      };
      return audio;
    });
    const chime = createChime(make);
    chime();
    chime();
    chime();
    expect(make).toHaveBeenCalledTimes(1);
    expect(plays).toEqual([0, 0, 0]);
  });

  it('a refused play (autoplay policy) is swallowed', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const chime = createChime(() => ({ currentTime: 0, play: () => Promise.reject(new Error('NotAllowedError')) }));
    expect(() => chime()).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
