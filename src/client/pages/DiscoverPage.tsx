// Discover (/discover): sign-in prompt for visitors, a redirect for shop owners, the shop list for customers
// (its title already while a stored session is checked).
import { Redirect } from 'wouter';
import { PageShell } from '../components/PageShell';
import { SignInRequired } from '../components/SignInRequired';
import { DiscoverHeader, DiscoverView } from '../features/shops/DiscoverView';
import { useAuth } from '../lib/auth';
import { Spinner } from '../ui/Spinner';

export function DiscoverPage() {
  const { user, isLoading } = useAuth();
  if (user?.role === 'shop_owner') return <Redirect to="/dashboard" />;
  return (
    <PageShell>
      {isLoading ? (
        // A stored token is being checked, so this is almost surely a customer: the title now (the page's
        // largest paint need not wait for the session), the rest when the session is in.
        <div className="mx-auto min-h-screen max-w-6xl space-y-8 px-4 py-10">
          <DiscoverHeader />
          <Spinner label="Loading..." />
        </div>
      ) : user ? (
        <DiscoverView />
      ) : (
        <SignInRequired text="Sign in to discover coffee shops near you." signInHref="/auth" />
      )}
    </PageShell>
  );
}
