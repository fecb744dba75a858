// The orders board route (/dashboard/board, issue 30): as the dashboard, a sign-in prompt or Access Denied for
// anyone but a shop owner; for an owner, the full-screen board (no site navigation or footer to scroll past).
import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { SignInRequired } from '../components/SignInRequired';
import { OrdersBoard } from '../features/board/OrdersBoard';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';

export function BoardPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageLoading label="Loading orders board..." />;
  if (user?.role === 'shop_owner') return <OrdersBoard />;
  return (
    <PageShell>
      {!user ? (
        <SignInRequired text="Please sign in to see your orders board." />
      ) : (
        <Prompt
          icon={<ShieldAlert className="h-6 w-6" />}
          title="Access Denied"
          text="The orders board is only available for coffee shop owners."
        >
          <Button asChild>
            <Link href="/discover">Discover Coffee Shops</Link>
          </Button>
        </Prompt>
      )}
    </PageShell>
  );
}
