// What the service worker shows for a push (issue 27): the server's JSON, and a notification even for a push it
// cannot read (a push that shows nothing counts against the site).
import { expect, test } from 'vitest';
import { GENERIC_PUSH, notificationTarget, readPushPayload } from './push-payload';

test("the server's payload is shown as it came", () => {
  const payload = {
    title: 'Order #7 is ready',
    body: 'Collect it at Origin.',
    url: '/orders',
    tag: 'order-7',
  };
  expect(readPushPayload(JSON.stringify(payload))).toEqual(payload);
});

test('a push with no data, text that is not JSON, or JSON without a title shows the generic notification', () => {
  expect(readPushPayload(null)).toEqual(GENERIC_PUSH);
  expect(readPushPayload('')).toEqual(GENERIC_PUSH);
  expect(readPushPayload('not json')).toEqual(GENERIC_PUSH);
  expect(readPushPayload('[1,2]')).toEqual(GENERIC_PUSH);
  expect(readPushPayload('null')).toEqual(GENERIC_PUSH);
  expect(readPushPayload(JSON.stringify({ body: 'no title' }))).toEqual(GENERIC_PUSH);
  expect(GENERIC_PUSH.title).toBe('Brew Connect');
});

test('missing or wrong fields beside a title fall back one by one', () => {
  expect(readPushPayload(JSON.stringify({ title: 'New message', body: 5, url: '', tag: null }))).toEqual({
    title: 'New message',
    body: '',
    url: '/',
    tag: GENERIC_PUSH.tag,
  });
});

test('a click opens a page of this site only', () => {
  const origin = 'https://brewconnect.co.za';
  expect(notificationTarget('/orders', origin)).toBe('https://brewconnect.co.za/orders');
  expect(notificationTarget('/messages?shop=3', origin)).toBe('https://brewconnect.co.za/messages?shop=3');
  expect(notificationTarget('https://evil.example/phish', origin)).toBe('https://brewconnect.co.za/');
  expect(notificationTarget('//evil.example/x', origin)).toBe('https://brewconnect.co.za/');
  expect(notificationTarget(undefined, origin)).toBe('https://brewconnect.co.za/');
});
