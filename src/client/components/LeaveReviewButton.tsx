// Leave Review (spec §2 Shop card) and its dialog, for customers; a visitor is asked to sign in.
import type { Shop } from '@shared/api/shops';
import { Suspense, useState } from 'react';
import { useAuth } from '../lib/auth';
import { lazyNamed } from '../lib/lazy-named';
import { Button } from '../ui/Button';
import { useSignInPrompt } from './use-sign-in-prompt';

// The dialog (and Radix with it) loads on the first click: most visitors of a page never leave a review.
const ReviewDialog = lazyNamed(() => import('../features/reviews/ReviewDialog'), 'ReviewDialog');

export function LeaveReviewButton({ shop }: { shop: Shop }) {
  const { user } = useAuth();
  const needSignIn = useSignInPrompt();
  const [open, setOpen] = useState(false);
  if (user && user.role !== 'customer') return null;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          if (!needSignIn('review')) setOpen(true);
        }}
      >
        Leave Review
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReviewDialog shop={shop} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
