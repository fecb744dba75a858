// Start Chatting (spec §2 Shop card): opens /messages?shop={id}, or asks a visitor to sign in. The shop's own owner
// cannot chat with their shop; they get their customers' conversations (/messages) instead.
import type { Shop } from '@shared/api/shops';
import { MessageCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { useSignInPrompt } from './use-sign-in-prompt';

export function ChatButton({ shop, className }: { shop: Shop; className?: string }) {
  const [, navigate] = useLocation();
  const needSignIn = useSignInPrompt();
  const { user } = useAuth();
  if (user && user.id === shop.ownerId)
    return (
      <Button className={className} onClick={() => navigate('/messages')}>
        <MessageCircle className="h-4 w-4" aria-hidden /> Customer Messages
      </Button>
    );
  return (
    <Button
      className={className}
      onClick={() => {
        if (!needSignIn('chat')) navigate(`/messages?shop=${shop.id}`);
      }}
    >
      <MessageCircle className="h-4 w-4" aria-hidden /> Start Chatting
    </Button>
  );
}
