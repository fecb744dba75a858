import { expect, test } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../config.js';
import { isPushServiceEndpoint, retryAfterSeconds } from './push.js';

test('a push endpoint must be https on a known push service host, with the port when one is named', () => {
  const hosts = [...DEFAULT_PUSH_SERVICE_HOSTS, '127.0.0.1:8443', 'push.example.org'];
  const allowed = [
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://127.0.0.1:8443/push/1',
    'https://push.example.org:9999/x',
    'https://PUSH.example.org/x',
  ];
  const refused = [
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com/x',
    'https://notify.windows.com/x', // '*.' needs a subdomain
    'https://127.0.0.1/push/1',
    'https://127.0.0.1:8444/push/1',
    'https://user:pass@fcm.googleapis.com/x',
    'https://169.254.169.254/latest',
    'fcm.googleapis.com/fcm/send/abc',
    '',
  ];
  for (const endpoint of allowed) expect(isPushServiceEndpoint(endpoint, hosts), endpoint).toBe(true);
  for (const endpoint of refused) expect(isPushServiceEndpoint(endpoint, hosts), endpoint).toBe(false);
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  expect(retryAfterSeconds('120', now)).toBe(120);
  expect(retryAfterSeconds(['30'], now)).toBe(30);
  expect(retryAfterSeconds('Sat, 28 Nov 2026 10:01:30 GMT', now)).toBe(90);
  expect(retryAfterSeconds('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
  expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  expect(retryAfterSeconds('soon', now)).toBeUndefined();
});
