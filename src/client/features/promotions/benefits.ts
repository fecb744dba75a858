// What a promotion brings (spec §2 Promotions tab): shown in the Promote dialog and on the Promotions tab.
import { BadgeCheck, BarChart3, Eye, ListOrdered, Sparkles } from 'lucide-react';

export const promotionBenefits = [
  // Issue 31's promise, true since featured shops take turns on the landing page (featured-turns.ts).
  { icon: Sparkles, text: 'Shown among the featured shops on the home page, and at the top of Discover' },
  { icon: BadgeCheck, text: 'A Promoted badge on your shop card' },
  { icon: Eye, text: 'More visibility to coffee lovers near you' },
  { icon: ListOrdered, text: 'Priority listing in search results' },
  { icon: BarChart3, text: 'Analytics on how customers find you' },
];
