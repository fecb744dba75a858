// The menu HTTP surface (spec §7 Menu and hours): list, create, update, delete menu items.
import type { App } from '../../app-type.js';

export function menuRoutes(_app: App) {
  // Built by its issue.
}
