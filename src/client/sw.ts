// The service worker (issue 27): precaches the built scripts and styles, answers a page request from the network
// and, when there is none, with the offline page; shows every Web Push as a notification and opens its page.
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { base64urlToBytes } from './features/notifications/base64url';
import { notificationTarget, readPushPayload } from './features/notifications/push-payload';

declare const self: ServiceWorkerGlobalScope;

const OFFLINE_PAGE = '/offline.html';
const ICON = '/icons/icon-192.png';
/** Android draws the badge as a white silhouette in the status bar: a mark on a transparent ground. */
const BADGE = '/icons/badge-96.png';

// The hashed files of this build (vite-plugin-pwa writes the list in place of self.__WB_MANIFEST), served from the
// cache first: they never change under their name. The precompressed .br/.gz copies and index.html are left out
// of the list (vite.config.ts): the browser asks for the plain name, and the page must come from the network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page is always asked of the network (the server names the route's page chunks in it, and a release shows at
// once); only when there is no network does the offline page answer. Workbox uses the navigation preload started
// while this worker woke up, so a page load does not wait for the worker's start-up. /api and /ws are never cached:
// no route matches them, so the browser fetches them as if there were no worker.
registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/] }));
setCatchHandler(async ({ request }) =>
  request.mode === 'navigate' ? ((await matchPrecache(OFFLINE_PAGE)) ?? Response.error()) : Response.error(),
);

self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

// A new version waits until the page's 'Update available — Reload' asks it to take over (never under the user).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Every push shows a notification, whatever it carries: a push that shows nothing counts against the site, and
// Safari drops the subscription of a site that does it three times.
self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // Undecodable data: the generic notification below.
  }
  const payload = readPushPayload(text);
  // renotify is in the Notifications standard but not yet in TypeScript's DOM types.
  const options: NotificationOptions & { renotify: boolean } = {
    body: payload.body,
    // One tag per order or conversation: a newer state replaces the older one on the device, and still rings.
    tag: payload.tag,
    renotify: true,
    icon: ICON,
    badge: BADGE,
    data: { url: payload.url },
  };
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

// A click opens the push's page: in a window of the app already open (moved there if it shows another page), or
// in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open =
        windows.find((client) => client.url === target) ??
        windows.find((client) => client.focused) ??
        windows[0];
      if (!open) {
        await self.clients.openWindow(target);
        return;
      }
      const focused = await open.focus();
      // navigate() works on windows this worker controls; an uncontrolled one is only focused.
      if (focused.url !== target) await focused.navigate(target).catch(() => undefined);
    })(),
  );
});

interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

// The push service replaced or expired this device's subscription: subscribe again with the same key, and have
// the server told. The worker cannot sign in (the token lives in the page's storage, and the API takes no
// cookie), so it tells the open pages, which send the new subscription with the user's token; when none is open,
// the app's next start sees that the subscription differs from the one the server has (features/pwa/
// register-service-worker.ts) and sends it then.
self.addEventListener('pushsubscriptionchange', ((event: PushSubscriptionChangeEvent) => {
  event.waitUntil(
    (async () => {
      if (!event.newSubscription) {
        let key = event.oldSubscription?.options.applicationServerKey ?? null;
        if (!key) {
          const reply = await fetch('/api/push/public-key');
          if (!reply.ok) return;
          key = base64urlToBytes(((await reply.json()) as { publicKey: string }).publicKey).buffer;
        }
        await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      }
      for (const client of await self.clients.matchAll({ type: 'window' }))
        client.postMessage({ type: 'PUSH_SUBSCRIPTION_CHANGED' });
    })(),
  );
}) as EventListener);
