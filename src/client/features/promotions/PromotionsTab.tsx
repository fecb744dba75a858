// The dashboard's Promotions tab: R499 for 30 days, paid by card through Paystack, and what it brings.
import type { Shop } from '@shared/api/shops';
import { BadgeCheck, BarChart3, Eye, ListOrdered, Sparkles } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

const benefits = [
  { icon: Sparkles, text: 'Featured placement on the home page and at the top of Discover' },
  { icon: BadgeCheck, text: 'A Promoted badge on your shop card' },
  { icon: Eye, text: 'More visibility to coffee lovers near you' },
  { icon: ListOrdered, text: 'Priority listing in search results' },
  { icon: BarChart3, text: 'Analytics on how customers find you' },
];

export function PromotionsTab(_props: { shops: Shop[] }) {
  return (
    <Card className="grid gap-8 p-6 sm:p-8 md:grid-cols-[1fr_auto]">
      <div className="space-y-4">
        <h2 className="font-display text-2xl font-semibold">Promote your coffee shop</h2>
        <p className="text-espresso-700">
          Promotion costs <strong>R499 for 30 days</strong>, paid once by card: it never renews by itself.
          Card payments are handled by Paystack, our connected payment provider.
        </p>
        <ul className="space-y-2.5">
          {benefits.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-espresso-800">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-lg bg-espresso-100 text-espresso-700">
                <Icon className="h-4 w-4" aria-hidden />
              </span>
              <span className="pt-0.5">{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col items-center justify-center gap-3 rounded-2xl bg-espresso-50 p-6 text-center md:w-64">
        <p className="text-sm font-medium text-espresso-600">30 days featured</p>
        <p className="font-display text-4xl font-bold text-espresso-950">R499</p>
        <p className="text-xs text-espresso-500">Once-off · no commission on orders</p>
        <Button variant="accent" className="w-full" disabled title="Paid promotion is coming soon">
          Promote Coffee Shop
        </Button>
      </div>
    </Card>
  );
}
