// Discover (/discover): sign-in prompt for visitors, a redirect for shop owners, the shop list for customers.
import { Redirect } from 'wouter';
import { PageShell } from '../components/PageShell';
import { SignInRequired } from '../components/SignInRequired';
import { DiscoverView } from '../features/shops/DiscoverView';
import { useAuth } from '../lib/auth';
import { PageLoading } from '../ui/PageLoading';

export function DiscoverPage() {
  const { user, isLoading } = useAuth();
  if (user?.role === 'shop_owner') return <Redirect to="/dashboard" />;
  return (
    <PageShell>
      {isLoading ? (
        <PageLoading />
      ) : user ? (
        <DiscoverView />
      ) : (
        <SignInRequired text="Sign in to discover coffee shops near you." signInHref="/auth" />
      )}
    </PageShell>
  );
}
