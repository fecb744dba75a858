// Settings' session words: real user agents of the browsers South Africans use, and the last-seen phrases.
import { describe, expect, test } from 'vitest';
import { browserName, deviceKind, lastSeenText, readableAddress } from './session-text';

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
};

describe('browserName', () => {
  test.each([
    [agents.chromeWindows, 'Chrome on Windows'],
    [agents.safariIphone, 'Safari on iPhone'],
    [agents.chromeIphone, 'Chrome on iPhone'],
    [agents.safariMac, 'Safari on Mac'],
    [agents.chromeAndroid, 'Chrome on Android'],
    [agents.samsungAndroid, 'Samsung Internet on Android'],
    [agents.edgeWindows, 'Edge on Windows'],
    [agents.firefoxLinux, 'Firefox on Linux'],
    [agents.operaMac, 'Opera on Mac'],
    [agents.chromebook, 'Chrome on ChromeOS'],
    [agents.ipad, 'Safari on iPad'],
  ])('names %s as %s', (agent, name) => {
    expect(browserName(agent)).toBe(name);
  });

  test('says what it knows of an agent it only half recognises, and admits an unknown one', () => {
    expect(browserName(agents.headless)).toBe('Chrome on Linux');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) SomeBrowser/1.0')).toBe('A browser on Linux');
    expect(browserName('Mozilla/5.0 (compatible; Gecko) Firefox/127.0')).toBe('Firefox');
    expect(browserName('curl/8.5.0')).toBe('Unknown browser');
    expect(browserName(null)).toBe('Unknown browser');
  });
});

test('deviceKind tells phones, tablets and computers apart', () => {
  expect(deviceKind(agents.safariIphone)).toBe('phone');
  expect(deviceKind(agents.chromeAndroid)).toBe('phone');
  expect(deviceKind(agents.ipad)).toBe('tablet');
  expect(deviceKind(agents.chromeWindows)).toBe('computer');
  expect(deviceKind(null)).toBe('computer');
});

test('readableAddress unwraps an IPv4 address from its IPv6 form and leaves others be', () => {
  expect(readableAddress('::ffff:196.25.1.7')).toBe('196.25.1.7');
  expect(readableAddress('2c0f:f4c0::1')).toBe('2c0f:f4c0::1');
  expect(readableAddress(null)).toBeNull();
});

describe('lastSeenText', () => {
  const now = new Date('2025-03-10T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;

  test.each([
    [ago(30_000), 'Active now'],
    [ago(-5_000), 'Active now'],
    [ago(5 * minute), 'Last active 5 minutes ago'],
    [ago(60 * minute), 'Last active an hour ago'],
    [ago(5 * 60 * minute), 'Last active 5 hours ago'],
    [ago(30 * 60 * minute), 'Last active yesterday'],
    [ago(4 * 24 * 60 * minute), 'Last active 4 days ago'],
    // Dates are Johannesburg's (UTC+2): 21:30 UTC on the 20th is still the 20th there, 22:30 UTC is the 21st.
    [new Date('2025-02-20T21:30:00Z'), 'Last active on 20 Feb 2025'],
    [new Date('2025-02-20T22:30:00Z'), 'Last active on 21 Feb 2025'],
  ])('%s reads %s', (at, text) => {
    expect(lastSeenText(at, now)).toBe(text);
  });
});
