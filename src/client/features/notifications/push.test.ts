// Which state the settings page shows for notifications on this device (issue 27), from what the browser, the
// worker and the server say; and the words for each state.
import { expect, test } from 'vitest';
import { isIosDevice, type PushEnvironment, pushStatus, pushSupport } from './push';
import { INSTALL_FIRST_TEXT, pushStatusText } from './push-status-text';

const desktopChrome: PushEnvironment = {
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  isIos: false,
  isStandalone: false,
};

test('a browser with service workers, the Push API and notifications supports push', () => {
  expect(pushSupport(desktopChrome)).toBe('supported');
  expect(pushSupport({ ...desktopChrome, hasPushManager: false })).toBe('unsupported');
  expect(pushSupport({ ...desktopChrome, hasServiceWorker: false })).toBe('unsupported');
  expect(pushSupport({ ...desktopChrome, hasNotification: false })).toBe('unsupported');
});

test('Safari on an iPhone must be on the Home Screen first, and supports push once it is', () => {
  const iphoneTab = { ...desktopChrome, isIos: true, hasPushManager: false, hasNotification: false };
  expect(pushSupport(iphoneTab)).toBe('install-first');
  expect(pushSupport({ ...desktopChrome, isIos: true, isStandalone: true })).toBe('supported');
  expect(pushStatusText('install-first', 'customer').text).toBe(INSTALL_FIRST_TEXT);
  expect(INSTALL_FIRST_TEXT).toContain('Add Brew Connect to your Home Screen to get notifications');
});

test('iPhones and iPads are recognised, the iPad by its touch screen behind a Mac user agent', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
  const mac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
  expect(isIosDevice(iphone, 'iPhone', 5)).toBe(true);
  expect(isIosDevice(mac, 'MacIntel', 5)).toBe(true);
  expect(isIosDevice(mac, 'MacIntel', 0)).toBe(false);
  expect(isIosDevice('Mozilla/5.0 (Linux; Android 15; Pixel 9)', 'Linux armv8l', 5)).toBe(false);
});

test('on needs both a subscription and the permission; a subscription without permission is off', () => {
  const subscribed = { hasWorker: true, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' };
  expect(pushStatus('supported', 'granted', subscribed, 'ready')).toBe('on');
  expect(pushStatus('supported', 'default', subscribed, 'ready')).toBe('off');
  expect(pushStatus('supported', 'granted', { hasWorker: true, endpoint: null }, 'ready')).toBe('off');
  // Known to be on before the server's key has answered.
  expect(pushStatus('supported', 'granted', subscribed, 'loading')).toBe('on');
  // A key that failed to load (the network) is asked again on Turn on.
  expect(pushStatus('supported', 'default', { hasWorker: true, endpoint: null }, 'failed')).toBe('off');
});

test('blocked shows at once, before the worker answers; push off on the server comes first of all', () => {
  expect(pushStatus('supported', 'denied', undefined, 'loading')).toBe('blocked');
  expect(pushStatus('supported', 'denied', undefined, 'off')).toBe('server-off');
  expect(pushStatus('supported', 'granted', { hasWorker: true, endpoint: 'x' }, 'off')).toBe('server-off');
  expect(pushStatusText('blocked', 'customer').text).toContain(
    'Notifications are blocked for this site in your browser settings',
  );
});

test('while the worker or the key is awaited the status is loading; no worker at all is unsupported', () => {
  expect(pushStatus('supported', 'default', undefined, 'ready')).toBe('loading');
  expect(pushStatus('supported', 'default', { hasWorker: true, endpoint: null }, 'loading')).toBe('loading');
  expect(pushStatus('supported', 'default', { hasWorker: false, endpoint: null }, 'ready')).toBe(
    'unsupported',
  );
  expect(pushStatus('unsupported', 'default', undefined, 'loading')).toBe('unsupported');
});

test("the words say what a notification is for: the customer's order, the owner's new orders", () => {
  expect(pushStatusText('off', 'customer').text).toBe(
    'Turn on to get a notification on this device when your order is ready.',
  );
  expect(pushStatusText('on', 'shop_owner').text).toContain('when a new order comes in');
});
