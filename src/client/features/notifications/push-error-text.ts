// What to tell the user when turning notifications on or off did not work (issue 27).
import { errorMessage, errorStatus } from '../../lib/api';
import { PermissionNotGranted } from './push';

/** The sentence for a Turn on / Turn off error, or null when the status already says it (blocked). */
export function pushErrorText(error: Error | null, action: 'on' | 'off'): string | null {
  if (!error) return null;
  if (error instanceof PermissionNotGranted) {
    return error.permission === 'denied'
      ? null
      : "Notifications weren't allowed. Choose Turn on to be asked again.";
  }
  // The server's own words (400: not a known push service, say).
  if (errorStatus(error) !== null) return errorMessage(error);
  return `Could not turn ${action} notifications on this device. Please try again.`;
}
