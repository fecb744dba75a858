// Discover (/discover): sign-in prompt for visitors, the shop list for customers (its title already while a stored
// session is checked), and for shop owners the same list read-only, as a preview of what customers see (issue 31;
// the navigation still shows them no Discover link, as spec §2 says). ?search= fills the search box: the
// dashboard's 'Preview as customer' link opens it on the owner's shop.
import { Eye } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { PageShell } from '../components/PageShell';
import { SignInRequired } from '../components/SignInRequired';
import { DiscoverHeader, DiscoverView } from '../features/shops/DiscoverView';
import { useAuth } from '../lib/auth';
import { Spinner } from '../ui/Spinner';

export function DiscoverPage() {
  const { user, isLoading } = useAuth();
  const initialSearch = new URLSearchParams(useSearch()).get('search') ?? '';
  const preview = user?.role === 'shop_owner';
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
        <>
          {preview && (
            <p
              role="status"
              className="mx-auto mt-6 flex max-w-6xl flex-wrap items-center gap-2 rounded-lg border border-espresso-200 bg-espresso-50 px-4 py-3 text-sm text-espresso-800"
            >
              <Eye className="h-4 w-4 shrink-0" aria-hidden />
              <span>You're previewing Discover as customers see it.</span>
              <Link href="/dashboard" className="font-medium underline">
                Back to dashboard
              </Link>
            </p>
          )}
          <DiscoverView initialSearch={initialSearch} preview={preview} />
        </>
      ) : (
        <SignInRequired text="Sign in to discover coffee shops near you." signInHref="/auth" />
      )}
    </PageShell>
  );
}
