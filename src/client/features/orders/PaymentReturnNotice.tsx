// The result of coming back from Paystack, above the customer's orders: checking, 'Payment received', or
// 'Payment not completed' with Try again (the same Paystack page) while the order can still be paid.
import type { Order } from '@shared/api/orders';
import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/Spinner';
import { paymentReturnNotice } from './payment-return';
import type { PaymentReturn } from './use-payment-return';

export function PaymentReturnNotice({
  result,
  orders,
  onCheckAgain,
  onDismiss,
}: {
  result: PaymentReturn;
  /** The orders as they stand now: a live update (the webhook's payment, say) changes what is said. */
  orders: readonly Order[];
  onCheckAgain: (orderId: number) => void;
  onDismiss: () => void;
}) {
  if (result.phase === 'checking') return <Spinner label="Checking your payment..." />;
  if (result.phase === 'missing')
    return (
      <Notice tone="neutral" title="Payment not found" onDismiss={onDismiss}>
        We could not find the order of that payment. Your orders below show where each one stands.
      </Notice>
    );
  if (result.phase === 'error')
    return (
      <Notice tone="warning" title="Could not check your payment" onDismiss={onDismiss}>
        <p>{result.message}</p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => onCheckAgain(result.orderId)}>
          Check again
        </Button>
      </Notice>
    );
  const order = orders.find((candidate) => candidate.id === result.order.id) ?? result.order;
  const notice = paymentReturnNotice(order);
  return (
    <Notice tone={notice.tone} title={notice.title} onDismiss={onDismiss}>
      <p>{notice.text}</p>
      {notice.tryAgainUrl && (
        <Button asChild size="sm" className="mt-2">
          <a href={notice.tryAgainUrl}>Try again</a>
        </Button>
      )}
    </Notice>
  );
}

const tones = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  neutral: 'border-espresso-200 bg-espresso-50 text-espresso-900',
} as const;

function Notice({
  tone,
  title,
  onDismiss,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CheckCircle2 : CircleAlert;
  return (
    <section
      role="status"
      aria-label={title}
      className={cn('relative flex gap-3 rounded-xl border p-4 pr-10 text-sm', tones[tone])}
      data-testid="payment-return"
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <div className="mt-0.5">{children}</div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="absolute top-3 right-3 rounded-md p-1 hover:bg-black/5"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </section>
  );
}
