// A shop in a list (spec §2 Shop card): picture, PROMOTED badge, heart, facts, Start Chatting and Leave Review.

import { shopCategoryLabels } from '@shared/api/shop-constants';
import type { Shop } from '@shared/api/shops';
import { isFeatured } from '@shared/domain/featured';
import { Clock, Heart, MapPin, MessageCircle, Navigation, Star, Truck } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ReviewDialog } from '../features/reviews/ReviewDialog';
import { useAuth } from '../lib/auth';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { cn } from '../ui/cn';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toast-store';
import { ShopImage } from './ShopImage';

const signInMessages = {
  favorite: 'Sign in to save your favourite coffee shops.',
  chat: 'Sign in to chat with this coffee shop.',
  review: 'Sign in to leave a review.',
};

export function formatDeliveryFee(fee: number | null): string {
  if (fee === null) return 'Delivery fee on request';
  return fee === 0 ? 'Free delivery' : `R${fee.toFixed(2)} delivery`;
}

export function ShopCard({
  shop,
  isFavorite,
  onToggleFavorite,
}: {
  shop: Shop;
  isFavorite?: boolean;
  onToggleFavorite?: (shop: Shop) => void;
}) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [reviewOpen, setReviewOpen] = useState(false);
  const isCustomer = user?.role === 'customer';

  const needSignIn = (action: keyof typeof signInMessages) => {
    if (user) return false;
    toast({ title: 'Please sign in', description: signInMessages[action], variant: 'destructive' });
    return true;
  };

  return (
    <Card className="flex flex-col overflow-hidden" data-testid="shop-card">
      <div className="relative">
        <ShopImage shop={shop} className="h-40 w-full" />
        {isFeatured(shop) && (
          <Badge tone="promoted" className="absolute left-3 top-3 shadow">
            PROMOTED
          </Badge>
        )}
        {(!user || isCustomer) && (
          <button
            type="button"
            aria-label={isFavorite ? `Remove ${shop.name} from favorites` : `Add ${shop.name} to favorites`}
            aria-pressed={Boolean(isFavorite)}
            onClick={() => {
              if (!needSignIn('favorite')) onToggleFavorite?.(shop);
            }}
            className="absolute right-3 top-3 rounded-full bg-white/90 p-2 shadow hover:bg-white"
          >
            <Heart
              className={cn('h-5 w-5', isFavorite ? 'fill-red-600 text-red-600' : 'text-espresso-700')}
            />
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-display text-lg font-semibold text-espresso-950">{shop.name}</h3>
          <p className="text-sm text-espresso-600">{shopCategoryLabels[shop.category]}</p>
        </div>
        <p className="flex items-start gap-1.5 text-sm text-espresso-700">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {shop.address}
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-espresso-700">
          <span
            className="flex items-center gap-1"
            title={`Rated ${shop.rating} from ${shop.reviewCount} reviews`}
          >
            <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
            <span className="font-semibold">{shop.rating}</span>
            <span className="text-espresso-500">({shop.reviewCount} reviews)</span>
          </span>
          {shop.distanceKm !== undefined && shop.distanceKm !== null && (
            <span className="flex items-center gap-1">
              <Navigation className="h-4 w-4" aria-hidden />
              {shop.distanceKm < 1
                ? `${Math.round(shop.distanceKm * 1000)} m`
                : `${shop.distanceKm.toFixed(1)} km`}{' '}
              away
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-espresso-600">
          {shop.deliveryTime && (
            <span className="flex items-center gap-1">
              <Clock className="h-4 w-4" aria-hidden /> {shop.deliveryTime}
            </span>
          )}
          <span className="flex items-center gap-1">
            <Truck className="h-4 w-4" aria-hidden /> {formatDeliveryFee(shop.deliveryFee)}
          </span>
        </div>
        <div className="mt-auto flex gap-2 pt-2">
          <Button
            className="flex-1"
            onClick={() => {
              if (!needSignIn('chat')) navigate(`/messages?shop=${shop.id}`);
            }}
          >
            <MessageCircle className="h-4 w-4" aria-hidden /> Start Chatting
          </Button>
          {(!user || isCustomer) && (
            <Dialog open={reviewOpen} onOpenChange={setReviewOpen}>
              <Button
                variant="outline"
                onClick={() => {
                  if (!needSignIn('review')) setReviewOpen(true);
                }}
              >
                Leave Review
              </Button>
              {reviewOpen && <ReviewDialog shop={shop} onDone={() => setReviewOpen(false)} />}
            </Dialog>
          )}
        </div>
      </div>
    </Card>
  );
}
