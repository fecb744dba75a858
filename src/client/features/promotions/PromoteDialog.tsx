// The Promote dialog (spec §2, §4 Promotion flow): status, benefits, pricing, Promote Shop, Verify Payment.
import type { Shop } from '@shared/api/shops';
import { isFeatured } from '@shared/domain/featured';
import { localDate, promoteAction, shortRand } from '@shared/domain/promotion';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DialogClose, DialogContent } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast-store';
import { useMyShops } from '../shops/queries';
import { promotionBenefits } from './benefits';
import { useInitializePromotion, usePromotionPricing, useVerifyPromotion } from './queries';
import { announceVerifyError, announceVerifyResult } from './verify-toast';

export function PromoteDialog({ shop: opened, onDone }: { shop: Shop; onDone: () => void }) {
  // The owner's shops as they are now: after a verify elsewhere the shop opened with may be out of date.
  const shop = useMyShops(true).data?.find((mine) => mine.id === opened.id) ?? opened;
  const pricing = usePromotionPricing();
  const initialize = useInitializePromotion();
  const verify = useVerifyPromotion();
  /** The reference of the payment just started here; Verify Payment shows once there is one. */
  const [reference, setReference] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [entered, setEntered] = useState('');

  const featured = isFeatured(shop);
  const action = promoteAction(shop);

  const startPayment = () => {
    // Opened now, while the click still counts as the owner's: opened after the await, a browser may block it.
    const tab = window.open('', '_blank');
    initialize.mutate(shop.id, {
      onSuccess: (started) => {
        setReference(started.reference);
        setEntered(started.reference);
        if (tab) {
          tab.opener = null;
          tab.location.href = started.authorization_url;
        } else {
          window.open(started.authorization_url, '_blank', 'noopener');
        }
        toast({
          title: 'Payment Initialized',
          description: 'Complete your payment on the Paystack page to activate promotion.',
        });
      },
      onError: (error) => {
        tab?.close();
        toast({
          title: 'Payment Failed',
          description: errorMessage(error, 'Failed to initialize payment. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  const submitVerify = (event: FormEvent) => {
    event.preventDefault();
    const typed = entered.trim();
    // Spec §4: a blank entry is ignored.
    if (!typed) return;
    verify.mutate(typed, {
      onSuccess: (result) => {
        if (announceVerifyResult(result)) onDone();
      },
      onError: announceVerifyError,
    });
  };

  return (
    <DialogContent title="Promote Your Coffee Shop" description={shop.name}>
      <div className="space-y-5">
        <section aria-labelledby="promotion-status" className="rounded-xl border border-espresso-100 p-4">
          <h3 id="promotion-status" className="text-sm font-medium text-espresso-600">
            Promotion Status
          </h3>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-espresso-800">
            {featured ? (
              <>
                <Badge tone="promoted">Featured</Badge>
                <span>until {localDate(shop.promotionExpiresAt!)}</span>
              </>
            ) : (
              <Badge>Not Promoted</Badge>
            )}
          </p>
          {featured && !action && (
            <p className="mt-2 text-xs text-espresso-500">You can extend the promotion in its last 7 days.</p>
          )}
        </section>

        <ul className="space-y-2 text-sm text-espresso-800">
          {promotionBenefits.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-2.5">
              <Icon className="mt-0.5 h-4 w-4 shrink-0 text-espresso-600" aria-hidden />
              {text}
            </li>
          ))}
        </ul>

        <div
          className="flex items-center justify-between rounded-xl bg-espresso-50 px-5 py-4"
          data-testid="pricing-card"
        >
          {pricing.data ? (
            <>
              <div>
                <p className="text-sm font-medium text-espresso-600">Featured placement</p>
                <p className="text-sm text-espresso-700">{pricing.data.duration} days</p>
              </div>
              <p className="font-display text-3xl font-bold text-espresso-950">
                {shortRand(pricing.data.amount)}
              </p>
            </>
          ) : pricing.isError ? (
            <p className="text-sm text-espresso-700">The price could not be loaded. Please try again.</p>
          ) : (
            <Skeleton className="h-10 w-full" />
          )}
        </div>

        {reference && (
          <div
            role="status"
            className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
          >
            <Loader2 className="mt-0.5 h-4 w-4 shrink-0 animate-spin" aria-hidden />
            <p>
              Processing payment… Complete your payment on the Paystack page, then click Verify Payment.
              <span className="mt-1 block text-xs text-sky-800">
                Reference: <code className="break-all">{reference}</code>
              </span>
            </p>
          </div>
        )}

        {asking && (
          <form onSubmit={submitVerify} className="space-y-3 rounded-xl border border-espresso-100 p-4">
            <Field id="payment-reference" label="Payment reference">
              <Input
                id="payment-reference"
                value={entered}
                onChange={(event) => setEntered(event.target.value)}
                autoComplete="off"
                autoFocus
              />
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={verify.isPending}>
                {verify.isPending ? 'Verifying...' : 'Verify'}
              </Button>
            </div>
          </form>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          {action && !reference && (
            <Button variant="accent" onClick={startPayment} disabled={initialize.isPending || !pricing.data}>
              {initialize.isPending
                ? 'Starting payment...'
                : action === 'extend'
                  ? 'Extend promotion'
                  : 'Promote Shop'}
            </Button>
          )}
          {reference && !asking && (
            <Button variant="accent" onClick={() => setAsking(true)}>
              Verify Payment
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </div>
    </DialogContent>
  );
}
