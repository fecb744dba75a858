// The favourite heart of a shop (spec §2 Shop card), for visitors (who are asked to sign in) and customers.
import type { Shop } from '@shared/api/shops';
import { Heart } from 'lucide-react';
import { useAuth } from '../lib/auth';
import { cn } from '../ui/cn';
import { useSignInPrompt } from './use-sign-in-prompt';

export function FavoriteHeart({
  shop,
  isFavorite,
  onToggleFavorite,
  className,
}: {
  shop: Shop;
  isFavorite?: boolean;
  onToggleFavorite?: (shop: Shop) => void;
  className?: string;
}) {
  const { user } = useAuth();
  const needSignIn = useSignInPrompt();
  if (user && user.role !== 'customer') return null;
  return (
    <button
      type="button"
      aria-label={isFavorite ? `Remove ${shop.name} from favorites` : `Add ${shop.name} to favorites`}
      aria-pressed={Boolean(isFavorite)}
      onClick={() => {
        if (!needSignIn('favorite')) onToggleFavorite?.(shop);
      }}
      className={cn(
        'rounded-full bg-white/90 p-2 shadow hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500',
        className,
      )}
    >
      <Heart className={cn('h-5 w-5', isFavorite ? 'fill-red-600 text-red-600' : 'text-espresso-700')} />
    </button>
  );
}
