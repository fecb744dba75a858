// The words for a session in Settings' 'Where you're signed in' (issue 28): a browser a person recognises from its
// user agent ('Chrome on Windows', 'Safari on iPhone'), where it signed in from, and when it was last used.
import { formatLocal } from '@shared/domain/local-date';

export type DeviceKind = 'phone' | 'tablet' | 'computer';

// Order matters: Edge, Opera and Samsung Internet also name Chrome and Safari; Chrome names Safari.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad).*AppleWebKit\//, 'Safari'],
];
// iPhone and iPad before Mac (their agents say 'like Mac OS X'), Android before Linux, ChromeOS before Linux.
const systems: [RegExp, string, DeviceKind][] = [
  [/\biPhone\b|\biPod\b/, 'iPhone', 'phone'],
  [/\biPad\b/, 'iPad', 'tablet'],
  [/\bAndroid\b.*\bMobile\b/, 'Android', 'phone'],
  [/\bAndroid\b/, 'Android', 'tablet'],
  [/\bWindows\b/, 'Windows', 'computer'],
  [/\bCrOS\b/, 'ChromeOS', 'computer'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac', 'computer'],
  [/\bLinux\b/, 'Linux', 'computer'],
];

/** 'Chrome on Windows', 'Safari on iPhone'; 'Firefox' or 'A browser on Linux' when only one is known. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return 'Unknown browser';
}

/** What sort of device the agent is, for its icon. */
export function deviceKind(userAgent: string | null): DeviceKind {
  return systems.find(([pattern]) => pattern.test(userAgent ?? ''))?.[2] ?? 'computer';
}

/** The client address as people write it: an IPv4 address without its IPv6 wrapping. */
export function readableAddress(address: string | null): string | null {
  return address ? address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') : null;
}

const MINUTE = 60_000;

/**
 * 'Active now', 'Last active 5 minutes ago', '… 3 hours ago', '… yesterday', '… 4 days ago', then the date.
 * The server moves last_seen_at on at most once a minute, so anything under two minutes is 'now'.
 */
export function lastSeenText(at: string | Date, now: Date = new Date()): string {
  const date = new Date(at);
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / MINUTE));
  if (minutes < 2) return 'Active now';
  if (minutes < 60) return `Last active ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last active ${hours === 1 ? 'an hour' : `${hours} hours`} ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Last active yesterday';
  if (days < 7) return `Last active ${days} days ago`;
  return `Last active on ${formatLocal(date, 'd MMM yyyy')}`;
}
