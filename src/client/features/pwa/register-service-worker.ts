// Registers the service worker (sw.ts) once the page has loaded and settled (main.tsx imports this module only
// then), offers a waiting new version as 'Update available — Reload', and keeps the server's copy of this
// device's push subscription current (issue 27).
import { Workbox } from 'workbox-window';
import { getToken } from '../../lib/api';

/** How often a tab left open asks whether a new version was released (the browser also asks on each page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Sends the device's subscription to the server when it changed (features/notifications/push.ts). Its module loads
 * only for a signed-in user who allowed notifications: most visitors never download it.
 */
function syncPush(force = false) {
  if (!getToken() || !('Notification' in window) || Notification.permission !== 'granted') return;
  void import('../notifications/push')
    .then((push) => push.syncPushSubscription(force))
    .catch(() => undefined);
}

export function registerServiceWorker() {
  const workbox = new Workbox('/sw.js', { scope: '/' });

  // A new version installed and is waiting for this one to step aside. Offered, never forced: a reload under the
  // user would lose a half-written message or a cart being filled. Also shown when it was waiting before this
  // page opened (the user closed the banner last time, say).
  workbox.addEventListener('waiting', () => {
    void import('./show-update-banner').then(({ showUpdateBanner }) =>
      showUpdateBanner(() => {
        // Reload once the new worker has taken over this page, and only for this Reload.
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      }),
    );
  });

  // The worker subscribed again after the push service changed the subscription: send it with the user's token.
  navigator.serviceWorker.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'PUSH_SUBSCRIPTION_CHANGED') syncPush(true);
  });

  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
      syncPush();
    })
    // No worker (a browser or test that refuses them): the app works as before, without offline and push.
    .catch(() => undefined);
}
