// Messages (/messages?shop={id}): the conversations and chat for a signed-in user, a sign-in prompt otherwise.
import { PageShell } from '../components/PageShell';
import { SignInRequired } from '../components/SignInRequired';
import { MessagesView } from '../features/messages/MessagesView';
import { useAuth } from '../lib/auth';
import { PageLoading } from '../ui/PageLoading';

export function MessagesPage() {
  const { user, isLoading } = useAuth();
  return (
    <PageShell>
      {isLoading ? (
        <PageLoading />
      ) : user ? (
        <MessagesView myId={user.id} myRole={user.role} />
      ) : (
        <SignInRequired text="Please sign in to chat with coffee shops." showRegister />
      )}
    </PageShell>
  );
}
