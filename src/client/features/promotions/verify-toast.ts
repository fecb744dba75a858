// The toasts for a verify answer or error (spec §8), shared by the Promote dialog and the return from Paystack.
import type { VerifyPromotionResult } from '@shared/api/promotions';
import { toast } from '../../ui/toast-store';

/** Says how a verify went; true when the promotion is active. */
export function announceVerifyResult(result: VerifyPromotionResult): boolean {
  if (result.status === 'success') {
    toast({ title: 'Promotion Activated!', description: 'Your coffee shop is now featured for 30 days.' });
    return true;
  }
  toast({
    title: 'Payment Verification Failed',
    description: 'Please contact support if payment was successful.',
    variant: 'destructive',
  });
  return false;
}

export function announceVerifyError() {
  toast({
    title: 'Verification Error',
    description: 'Failed to verify payment. Please try again.',
    variant: 'destructive',
  });
}
