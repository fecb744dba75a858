// The analytics HTTP surface: the owner's Analytics Dashboard figures and the orders CSV.
import type { App } from '../../app-type.js';

export function analyticsRoutes(_app: App) {
  // Built by its issue.
}
