// A shop's setup checklist on the owner's dashboard (issue 32), shown until the shop has everything: a photo, a menu,
// hours, its pin and (where online payment exists) payouts. Each open step opens the dialog that does it; the ticks
// follow GET /api/my-shops, asked again after every change to the shop, its menu or its hours.
import type { Shop } from '@shared/api/shops';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ShopAction } from './ShopActionDialog';

type Step = keyof NonNullable<Shop['setup']>;

const steps: { step: Step; label: string; why: string; action: ShopAction }[] = [
  { step: 'menu', label: 'Add your menu', why: 'at least one item customers can order', action: 'menu' },
  { step: 'hours', label: 'Set your opening hours', why: 'so customers know when to come', action: 'hours' },
  { step: 'photo', label: 'Add a photo', why: 'shops with a photo are opened more', action: 'edit' },
  { step: 'location', label: 'Place your pin', why: 'so Near Me finds you', action: 'edit' },
  {
    step: 'payouts',
    label: 'Set up payouts',
    why: 'the bank account online payments go to',
    action: 'payouts',
  },
];

/** Whether customers can order from the shop: it needs an available menu item and opening hours. */
export function canTakeOrders(shop: Shop): boolean {
  return !shop.setup || (shop.setup.menu && shop.setup.hours);
}

export function SetupChecklist({ shop, onOpen }: { shop: Shop; onOpen: (action: ShopAction) => void }) {
  const setup = shop.setup;
  if (!setup) return null;
  const shown = steps.filter(({ step }) => setup[step] !== null);
  const done = shown.filter(({ step }) => setup[step]).length;
  if (done === shown.length) return null;
  return (
    <section
      aria-label={`Set up ${shop.name}`}
      className="basis-full rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm"
      data-testid="setup-checklist"
    >
      <p className="font-semibold text-espresso-950">
        Get {shop.name} ready · {done} of {shown.length} done
      </p>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {shown.map(({ step, label, why, action }) => (
          <li key={step} className="flex items-start gap-2">
            {setup[step] ? (
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-leaf" aria-label="Done" />
            ) : (
              <Circle className="mt-0.5 h-4 w-4 shrink-0 text-espresso-400" aria-label="To do" />
            )}
            {setup[step] ? (
              <span className="text-espresso-600 line-through">{label}</span>
            ) : (
              <span>
                <button
                  type="button"
                  className="font-medium text-espresso-900 underline"
                  onClick={() => onOpen(action)}
                >
                  {label}
                </button>
                <span className="text-espresso-600"> — {why}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
