// Shows the confirm-your-email banner to a signed-in account that has not confirmed its email (issue 32); the
// banner's module loads only then.

import { Suspense } from 'react';
import { useAuth } from '../lib/auth';
import { lazyNamed } from '../lib/lazy-named';

const ConfirmEmailBanner = lazyNamed(
  () => import('../features/auth/ConfirmEmailBanner'),
  'ConfirmEmailBanner',
);

export function EmailConfirmation() {
  const { user } = useAuth();
  if (user?.emailVerified !== false) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmEmailBanner user={user} />
    </Suspense>
  );
}
