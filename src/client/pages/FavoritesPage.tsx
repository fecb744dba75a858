// Favorites (/favorites): the customer's saved shops; a sign-in prompt for visitors (spec §2 Favorites).
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { SignInRequired } from '../components/SignInRequired';
import { FavoritesView } from '../features/favorites/FavoritesView';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';

export function FavoritesPage() {
  const { user, isLoading } = useAuth();
  return (
    <PageShell>
      {isLoading ? (
        <PageLoading />
      ) : !user ? (
        <SignInRequired text="Please sign in to see your favorite coffee shops." showRegister />
      ) : user.role === 'customer' ? (
        <FavoritesView />
      ) : (
        <Prompt title="Favorites are for coffee lovers" text="Shop owner accounts do not keep favorites.">
          <Button asChild>
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </Prompt>
      )}
    </PageShell>
  );
}
