// Coming back from Paystack to /dashboard?promotion=<reference>: verify that payment by itself and say the result.
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { useVerifyPromotion } from './queries';
import { announceVerifyError, announceVerifyResult } from './verify-toast';

export function usePromotionReturn() {
  const reference = new URLSearchParams(useSearch()).get('promotion')?.trim() ?? '';
  const verify = useVerifyPromotion();
  const { mutate } = verify;
  // Once per reference, even when React runs the effect twice (StrictMode) or the page re-renders.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    // Paystack adds trxref and reference to the callback URL; none of them should make a reload verify again.
    const url = new URL(window.location.href);
    for (const name of ['promotion', 'trxref', 'reference']) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    mutate(reference, { onSuccess: announceVerifyResult, onError: announceVerifyError });
  }, [reference, mutate]);
  return verify;
}
