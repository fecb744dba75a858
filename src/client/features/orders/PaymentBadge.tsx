// An order's payment state as a badge ('Paid online'), on order cards of both sides (features/orders/payment-label.ts).
import type { PaymentStatus } from '@shared/api/payments';
import { Badge } from '../../ui/Badge';
import { type PaymentLabelTone, paymentLabel } from './payment-label';

const tones = {
  neutral: 'neutral',
  success: 'success',
  waiting: 'info',
  danger: 'danger',
} as const satisfies Record<PaymentLabelTone, string>;

export function PaymentBadge({ status, view }: { status: PaymentStatus; view: 'customer' | 'owner' }) {
  const label = paymentLabel(status, view);
  return (
    <Badge tone={tones[label.tone]} data-testid="payment-label">
      {label.text}
    </Badge>
  );
}
