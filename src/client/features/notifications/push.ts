// Web Push on this device (issue 27), in one place for the settings page and the two offers: whether the browser
// can, asking permission, subscribing and unsubscribing with the server, and keeping the server's copy current.
import type { PushPublicKey, PushSubscriptionBody } from '@shared/api/push';
import { apiRequest, getToken } from '../../lib/api';
import { base64urlToBytes, bytesToBase64url } from './base64url';

/** What this browser can do: push, nothing, or push once installed (iOS Safari only has it in a Home Screen app). */
export type PushSupport = 'supported' | 'unsupported' | 'install-first';

/**
 * What the settings page says about this device: on, off (can be turned on), blocked (the user said no to the
 * browser's question, so only the browser's settings can change it), unsupported, install-first, server-off
 * (GET /api/push/public-key answered 503), or loading while the worker and the server answer.
 */
export type PushStatus =
  | 'loading'
  | 'on'
  | 'off'
  | 'blocked'
  | 'unsupported'
  | 'install-first'
  | 'server-off';

/** The browser's side of things, read without asking anything. */
export interface PushEnvironment {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  isIos: boolean;
  isStandalone: boolean;
}

export function pushSupport(environment: PushEnvironment): PushSupport {
  // iOS Safari (16.4+) offers Web Push to web apps added to the Home Screen only; in a tab it has no PushManager.
  if (environment.isIos && !environment.isStandalone) return 'install-first';
  return environment.hasServiceWorker && environment.hasPushManager && environment.hasNotification
    ? 'supported'
    : 'unsupported';
}

/** iPhone and iPod, and the iPad, which says it is a Mac but has a touch screen. */
export function isIosDevice(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

export function readPushEnvironment(): PushEnvironment {
  return {
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    isIos: isIosDevice(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    isStandalone:
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  };
}

/** This device's worker and subscription, as the settings page needs them. */
export interface PushDevice {
  /** False when no service worker could be registered (a development server, a browser that refuses). */
  hasWorker: boolean;
  endpoint: string | null;
}

/** Where the server's key stands: asked, answered, push off on the server (503), or failed (the network). */
export type ServerKeyState = 'loading' | 'ready' | 'off' | 'failed';

/** The status shown for what is known so far: each check needs only what came before it. */
export function pushStatus(
  support: PushSupport,
  permission: NotificationPermission,
  device: PushDevice | undefined,
  serverKey: ServerKeyState,
): PushStatus {
  if (support !== 'supported') return support;
  // Nothing can be turned on while the server sends no pushes, whatever the browser says.
  if (serverKey === 'off') return 'server-off';
  // Said at once: no need to wait for the worker to know that only the browser's settings can change this.
  if (permission === 'denied') return 'blocked';
  if (!device) return 'loading';
  if (!device.hasWorker) return 'unsupported';
  // A subscription outlives a permission taken back in the browser's settings, but then shows nothing.
  if (device.endpoint && permission === 'granted') return 'on';
  if (serverKey === 'loading') return 'loading';
  return 'off';
}

/**
 * The app's service worker registration, registering it if the app has not yet (it does after the page's load
 * event, features/pwa/); null when there is none to be had. Its worker may still be installing: reading the
 * subscription needs no more, subscribing needs activeRegistration().
 */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    // Never before the page has loaded: the worker's first install downloads the app's scripts, which must not
    // compete with the page's own.
    if (document.readyState !== 'complete')
      await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
    // A browser (or test) that refuses workers can answer register() with nothing at all.
    return (
      (await navigator.serviceWorker.getRegistration('/')) ??
      (await navigator.serviceWorker.register('/sw.js', { scope: '/' })) ??
      null
    );
  } catch {
    return null;
  }
}

/** How long Turn on waits for a first install (the app's scripts, on a slow line) before giving up. */
const WORKER_ACTIVE_MS = 60_000;

/** The registration once its worker is active (a push subscription needs one). */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await workerRegistration())) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_ACTIVE_MS);
  });
  const ready = await Promise.race([navigator.serviceWorker.ready, timeout]);
  clearTimeout(timer);
  return ready;
}

export async function readPushDevice(): Promise<PushDevice> {
  const registration = await workerRegistration();
  if (!registration) return { hasWorker: false, endpoint: null };
  const subscription = await registration.pushManager.getSubscription();
  return { hasWorker: true, endpoint: subscription?.endpoint ?? null };
}

/** PushSubscription.toJSON() as POST /api/push/subscriptions takes it (no expirationTime). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  const key = (name: 'p256dh' | 'auth') => {
    const fromJson = json.keys?.[name];
    if (fromJson) return fromJson;
    const raw = subscription.getKey(name);
    return raw ? bytesToBase64url(raw) : '';
  };
  return { endpoint: subscription.endpoint, keys: { p256dh: key('p256dh'), auth: key('auth') } };
}

/** Whether a subscription was made for this application server key (the server's key can change). */
function madeForKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options?.applicationServerKey;
  return !key || bytesToBase64url(key) === publicKey.replace(/=+$/, '');
}

/** The endpoint the server last accepted from this device: the app's start sends it again when it changed. */
const SENT_ENDPOINT_KEY = 'pushEndpoint';

function rememberSentEndpoint(endpoint: string | null) {
  try {
    if (endpoint) localStorage.setItem(SENT_ENDPOINT_KEY, endpoint);
    else localStorage.removeItem(SENT_ENDPOINT_KEY);
  } catch {
    // Storage refused: the app's start sends the subscription again, which the server takes twice happily.
  }
}

function sentEndpoint(): string | null {
  try {
    return localStorage.getItem(SENT_ENDPOINT_KEY);
  } catch {
    return null;
  }
}

/** Why turning on stopped short of an error: the browser's question was answered no, or dismissed. */
export class PermissionNotGranted extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(permission === 'denied' ? 'Notifications are blocked' : 'Notifications were not allowed');
  }
}

/**
 * Subscribes this device and tells the server. `permission` is Notification.requestPermission()'s promise, which
 * the caller must start inside the click itself (Safari asks only from a user's gesture, and Chrome's quieter
 * prompts need one): everything after it may wait.
 */
export async function turnOnPush(
  permission: Promise<NotificationPermission>,
  publicKey: () => Promise<string>,
): Promise<PushDevice> {
  const answer = await permission;
  if (answer !== 'granted') throw new PermissionNotGranted(answer);
  const [registration, key] = await Promise.all([activeRegistration(), publicKey()]);
  if (!registration) throw new Error('This browser cannot receive notifications from Brew Connect.');
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeForKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const isNew = !subscription;
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64urlToBytes(key),
  });
  try {
    await apiRequest('POST', '/api/push/subscriptions', subscriptionBody(subscription));
  } catch (error) {
    // The server refused it (a push service it does not know, say): on here would then be a lie.
    if (isNew) await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  rememberSentEndpoint(subscription.endpoint);
  return { hasWorker: true, endpoint: subscription.endpoint };
}

/** Tells the server to stop (DELETE) and unsubscribes this device, in that order (the endpoint names it). */
export async function turnOffPush(): Promise<PushDevice> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    // Once unsubscribed, the push service refuses the server's next push for this endpoint, and the server then
    // forgets it too: a failed DELETE does not keep the device on.
    await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint }).catch(
      () => undefined,
    );
    await subscription.unsubscribe();
  }
  rememberSentEndpoint(null);
  return { hasWorker: Boolean(registration), endpoint: null };
}

/** The server's application server key (GET /api/push/public-key). */
export async function fetchPublicKey(): Promise<string> {
  return (await apiRequest<PushPublicKey>('GET', '/api/push/public-key')).publicKey;
}

/**
 * Sends this device's subscription to the server again when it differs from the one the server last accepted
 * (the push service replaced it: the worker's pushsubscriptionchange). Runs at the app's start, after the page has
 * loaded, and when the worker says so; quiet when signed out, not allowed, or not subscribed.
 */
export async function syncPushSubscription(force = false): Promise<void> {
  if (!getToken() || !('Notification' in window) || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription || (!force && subscription.endpoint === sentEndpoint())) return;
  await apiRequest('POST', '/api/push/subscriptions', subscriptionBody(subscription));
  rememberSentEndpoint(subscription.endpoint);
}

/**
 * On signing out: the server stops pushing this account's news to this device, and the device forgets the
 * subscription, so the next person to sign in here does not get them. `token` is the session being ended (it
 * leaves storage at once). Best effort: a push that still arrives is refused once unsubscribed.
 */
export async function forgetThisDevice(token: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await fetch('/api/push/subscriptions', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => undefined);
  rememberSentEndpoint(null);
}
