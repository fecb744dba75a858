// The order HTTP surface (spec §7 Orders): place, list, read and move orders; the dashboard summary.
import type { App } from '../../app-type.js';

export function orderRoutes(_app: App) {
  // Built by its issue.
}
