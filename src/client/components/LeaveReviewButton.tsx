// Leave Review (spec §2 Shop card) and its dialog, for customers; a visitor is asked to sign in.
import type { Shop } from '@shared/api/shops';
import { useState } from 'react';
import { ReviewDialog } from '../features/reviews/ReviewDialog';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useSignInPrompt } from './use-sign-in-prompt';

export function LeaveReviewButton({ shop }: { shop: Shop }) {
  const { user } = useAuth();
  const needSignIn = useSignInPrompt();
  const [open, setOpen] = useState(false);
  if (user && user.role !== 'customer') return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        onClick={() => {
          if (!needSignIn('review')) setOpen(true);
        }}
      >
        Leave Review
      </Button>
      {open && <ReviewDialog shop={shop} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}
