import { alerts } from '@/lib/shell/alerts';
import { boundAtom } from '@/lib/shell/atoms';

/** SPEC.md section 4: default, then granted or denied; unsupported without browser support. */
export type NotifyPermission = NotificationPermission | 'unsupported';

export const permissionStore = boundAtom<NotifyPermission>('default');

function notificationApi(): typeof Notification | undefined {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : undefined;
}

/**
 * Reads the browser's permission into the store. Without support the store stays as it is:
 * the person learns it (and the action hides) when they ask to enable notifications.
 */
export function syncPermission(): void {
  const api = notificationApi();
  if (api) permissionStore.set(api.permission);
}

/**
 * Asks the browser (call it from a click: browsers refuse it without a user gesture).
 * Anything but granted is an error alert, as SPEC.md section 8 words it.
 */
export async function askPermission(texts: { notAllowed: string; unsupported: string }): Promise<NotifyPermission> {
  const api = notificationApi();
  if (!api) {
    permissionStore.set('unsupported');
    alerts.push({ type: 'error', text: texts.unsupported });
    return 'unsupported';
  }
  const result = await new Promise<NotificationPermission>((resolve) => {
    // Older Safari only calls back and returns undefined.
    const promise = api.requestPermission(resolve) as Promise<NotificationPermission> | undefined;
    promise?.then(resolve, () => resolve(api.permission));
  });
  permissionStore.set(result);
  if (result !== 'granted') alerts.push({ type: 'error', text: texts.notAllowed });
  return result;
}

export type BrowserNotice = { title: string; body: string; tag: string; onClick: () => void };

/**
 * A system notification while permission is granted: it stays until the person acts on it
 * (SPEC.md section 9); clicking brings the app forward, runs `onClick` and closes it.
 */
export function showBrowserNotification(notice: BrowserNotice): Notification | null {
  const api = notificationApi();
  if (!api || api.permission !== 'granted') return null;
  let notification: Notification;
  try {
    notification = new api(notice.title, { body: notice.body, tag: notice.tag, requireInteraction: true, icon: '/icon.svg' });
  } catch {
    // Some mobile browsers only notify through a service worker; the in-app list still has it.
    return null;
  }
  notification.onclick = () => {
    globalThis.focus?.();
    notice.onClick();
    notification.close();
  };
  return notification;
}
