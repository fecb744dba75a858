// On a customer's unpaid online order: the shop only sees it once paid, so say so and link back to Paystack.
import type { Order } from '@shared/api/orders';
import { PAYMENT_WINDOW_MINUTES } from '@shared/api/payments';
import { CreditCard } from 'lucide-react';
import { Button } from '../../ui/Button';
import { payLink } from './payment-label';

export function PayNowNotice({ order }: { order: Order }) {
  const link = payLink(order);
  if (!link) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
      <p className="min-w-0 flex-1 basis-48">
        {order.shopName} gets your order once it is paid. Unpaid orders are cancelled after{' '}
        {PAYMENT_WINDOW_MINUTES} minutes.
      </p>
      {/* A plain link to Paystack's page in the same tab: it sends the customer back to /orders?payment=… */}
      <Button asChild size="sm">
        <a href={link}>
          <CreditCard className="h-4 w-4" aria-hidden /> Pay now
        </a>
      </Button>
    </div>
  );
}
