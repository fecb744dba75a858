// On /orders?payment=<reference> (the way back from Paystack): once the orders have loaded, verify that order's
// payment once, then take the reference out of the URL (replace, so Back does not verify it again).
import type { Order } from '@shared/api/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { errorMessage } from '../../lib/api';
import { useVerifyOrderPayment } from '../payments/queries';
import { findOrderByReference, paymentReferenceFrom, withoutPaymentParams } from './payment-return';

export type PaymentReturn =
  | { phase: 'checking'; orderId: number }
  | { phase: 'checked'; order: Order }
  | { phase: 'error'; orderId: number; message: string }
  | { phase: 'missing' };

function forgetReference() {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${withoutPaymentParams(search)}${hash}`);
}

export function usePaymentReturn(orders: readonly Order[], isLoaded: boolean) {
  const reference = paymentReferenceFrom(useSearch());
  const { mutate } = useVerifyOrderPayment();
  const [result, setResult] = useState<PaymentReturn | null>(null);
  // Once per reference, even when React runs the effect twice (StrictMode) or the list re-renders.
  const handled = useRef<string | null>(null);

  const check = useCallback(
    (orderId: number) => {
      setResult({ phase: 'checking', orderId });
      mutate(orderId, {
        onSuccess: (order) => setResult({ phase: 'checked', order }),
        onError: (error) =>
          setResult({
            phase: 'error',
            orderId,
            message: errorMessage(error, 'Please check your connection and try again.'),
          }),
        onSettled: forgetReference,
      });
    },
    [mutate],
  );

  useEffect(() => {
    if (!reference || !isLoaded || handled.current === reference) return;
    handled.current = reference;
    const order = findOrderByReference(orders, reference);
    if (order) check(order.id);
    else {
      setResult({ phase: 'missing' });
      forgetReference();
    }
  }, [reference, isLoaded, orders, check]);

  return { result, checkAgain: check, dismiss: () => setResult(null) };
}
