// The dashboard route (/dashboard, spec §2, §6): sign-in prompt, Access Denied, or the owner's dashboard.
import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { SignInRequired } from '../components/SignInRequired';
import { OwnerDashboard } from '../features/dashboard/OwnerDashboard';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';

export function DashboardPage() {
  const { user, isLoading } = useAuth();
  return (
    <PageShell>
      {isLoading ? (
        <PageLoading label="Loading dashboard..." />
      ) : !user ? (
        <SignInRequired text="Please sign in to access your dashboard." />
      ) : user.role !== 'shop_owner' ? (
        <Prompt
          icon={<ShieldAlert className="h-6 w-6" />}
          title="Access Denied"
          text="This dashboard is only available for coffee shop owners."
        >
          <Button asChild>
            <Link href="/discover">Discover Coffee Shops</Link>
          </Button>
        </Prompt>
      ) : (
        <OwnerDashboard />
      )}
    </PageShell>
  );
}
