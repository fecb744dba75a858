// The words for each state of notifications on this device (issue 27), for the settings page.
import type { Role } from '@shared/api/auth';
import type { PushStatus } from './push';

export const BLOCKED_TEXT =
  'Notifications are blocked for this site in your browser settings. Allow them there, then come back here to turn them on.';
export const INSTALL_FIRST_TEXT =
  'Add Brew Connect to your Home Screen to get notifications: tap Share, then Add to Home Screen, and open Brew Connect from there.';

/** What a notification on this device is for, by role: the customer's order, or the owner's new orders. */
export function pushPurpose(role: Role): string {
  return role === 'shop_owner' ? 'when a new order comes in' : 'when your order is ready';
}

/** A short label and a sentence for a status. */
export function pushStatusText(status: PushStatus, role: Role): { label: string; text: string } {
  switch (status) {
    case 'loading':
      return { label: 'Checking', text: 'Checking what this device allows…' };
    case 'on':
      return {
        label: 'On',
        text: `This device shows a notification ${pushPurpose(role)}, even when Brew Connect is closed.`,
      };
    case 'off':
      return { label: 'Off', text: `Turn on to get a notification on this device ${pushPurpose(role)}.` };
    case 'blocked':
      return { label: 'Blocked', text: BLOCKED_TEXT };
    case 'install-first':
      return { label: 'Not yet', text: INSTALL_FIRST_TEXT };
    case 'server-off':
      return { label: 'Not available', text: "Notifications aren't available on Brew Connect right now." };
    case 'unsupported':
      return {
        label: 'Not available',
        text: "This browser can't show notifications from Brew Connect. A current Chrome, Edge, Firefox or Safari can.",
      };
  }
}
