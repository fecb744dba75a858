// The opening-hours HTTP surface (spec §7 Menu and hours): weekly business hours and special days.
import type { App } from '../../app-type.js';

export function hoursRoutes(_app: App) {
  // Built by its issue.
}
