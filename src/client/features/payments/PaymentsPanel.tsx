// A shop's Payments (issue 26), a tab of its Edit dialog: the bank account Paystack pays the shop's money into,
// whether the checkout offers Pay now, and what Paystack charges. Without a Paystack key on the server it says so
// and shows nothing else.

import { PAYSTACK_FEE_TEXT } from '@shared/api/payments';
import type { Shop } from '@shared/api/shops';
import { LoadFailed } from '../../components/LoadFailed';
import { errorMessage, errorStatus } from '../../lib/api';
import { Spinner } from '../../ui/Spinner';
import { OnlinePaymentPicker } from './OnlinePaymentPicker';
import { PayoutForm } from './PayoutForm';
import { useBanks, usePayout } from './queries';

export function PaymentsPanel({ shop }: { shop: Shop }) {
  const banks = useBanks();
  const payout = usePayout(shop.id);
  if (banks.isLoading || payout.isLoading) return <Spinner label="Loading payments..." />;
  if (errorStatus(banks.error) === 503)
    return (
      <p className="py-6 text-center text-espresso-700">
        {errorMessage(banks.error, 'Payments are not configured')}
      </p>
    );
  if (banks.isError || !banks.data)
    return <LoadFailed text="Could not load the list of banks." onRetry={() => void banks.refetch()} />;
  if (payout.isError || !payout.data)
    return <LoadFailed text="Could not load the payout account." onRetry={() => void payout.refetch()} />;
  return (
    <div className="space-y-6">
      <PayoutForm shop={shop} payout={payout.data} banks={banks.data} />
      <OnlinePaymentPicker shopId={shop.id} payout={payout.data} />
      <p className="border-t border-espresso-100 pt-4 text-xs text-espresso-600">{PAYSTACK_FEE_TEXT}</p>
    </div>
  );
}
