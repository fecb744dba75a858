// The promotion HTTP surface (spec §7 Promotions): pricing, plans, history, initialize, verify, Paystack webhook.
import type { App } from '../../app-type.js';

export function promotionRoutes(_app: App) {
  // Built by its issue.
}
