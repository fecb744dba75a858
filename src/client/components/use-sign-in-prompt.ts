// Spec §5 Signed-out actions: favouriting, chatting or reviewing while signed out shows 'Please sign in'.
import { useAuth } from '../lib/auth';
import { toast } from '../ui/toast-store';

const signInMessages = {
  favorite: 'Sign in to save your favourite coffee shops.',
  chat: 'Sign in to chat with this coffee shop.',
  review: 'Sign in to leave a review.',
};

/** Returns a check: true (after the toast) when the visitor must sign in first. */
export function useSignInPrompt() {
  const { user } = useAuth();
  return (action: keyof typeof signInMessages) => {
    if (user) return false;
    toast({ title: 'Please sign in', description: signInMessages[action], variant: 'destructive' });
    return true;
  };
}
