// A shop in a list (spec §2 Shop card): picture, PROMOTED badge, heart, facts, Start Chatting and Leave Review;
// the picture and name open the shop's page. Memoised: a list re-renders when the favourites arrive or a filter
// changes, and a card whose shop and heart are unchanged need not. Each card watches its shop, so a pause shows
// on it live (issue 31).

import { shopCategoryLabels } from '@shared/api/shop-constants';
import type { Shop } from '@shared/api/shops';
import { isFeatured } from '@shared/domain/featured';
import { ratingLabel } from '@shared/domain/rating';
import { Clock, Gift, MapPin, Navigation, Star, Truck } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useWatchShop } from '../lib/shop-watch';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { ChatButton } from './ChatButton';
import { FavoriteHeart } from './FavoriteHeart';
import { LeaveReviewButton } from './LeaveReviewButton';
import { OpenNowLine } from './OpenNowLine';
import { ServesLine } from './ServesLine';
import { ShopImage } from './ShopImage';

export function formatDeliveryFee(fee: number | null): string {
  if (fee === null) return 'Delivery fee on request';
  return fee === 0 ? 'Free delivery' : `R${fee.toFixed(2)} delivery`;
}

export const ShopCard = memo(function ShopCard({
  shop,
  isFavorite,
  onToggleFavorite,
  children,
}: {
  shop: Shop;
  isFavorite?: boolean;
  onToggleFavorite?: (shop: Shop) => void;
  /** What a page adds above the card's buttons: the favourites' usual (issue 29). */
  children?: ReactNode;
}) {
  useWatchShop(shop.id);
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="shop-card">
      <div className="relative">
        {/* The name below is the link people and screen readers use; the picture is a second, mouse-sized way in. */}
        <Link href={`/shops/${shop.id}`} tabIndex={-1} aria-hidden>
          <ShopImage shop={shop} className="h-40 w-full" />
        </Link>
        {isFeatured(shop) && (
          <Badge tone="promoted" className="absolute left-3 top-3 shadow">
            PROMOTED
          </Badge>
        )}
        <FavoriteHeart
          shop={shop}
          isFavorite={isFavorite}
          onToggleFavorite={onToggleFavorite}
          className="absolute right-3 top-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-display text-lg font-semibold text-espresso-950">
            <Link href={`/shops/${shop.id}`} className="hover:underline">
              {shop.name}
            </Link>
          </h3>
          <p className="text-sm text-espresso-600">{shopCategoryLabels[shop.category]}</p>
        </div>
        <div className="text-sm">
          <p className="flex items-start gap-1.5 text-espresso-700">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {shop.address}
          </p>
          {/* Under the address it qualifies (issue 31), as the map popup and the shop page say it. */}
          {shop.locationApproximate && <p className="pl-5.5 text-espresso-600">Approximate location</p>}
        </div>
        <OpenNowLine shop={shop} />
        <ServesLine shop={shop} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-espresso-700">
          <span
            className="flex items-center gap-1"
            title={`Rated ${shop.rating} from ${shop.reviewCount} reviews`}
          >
            <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
            <span className="font-semibold">{ratingLabel(shop)}</span>
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
          {/* The shop's stamp card (issue 29): a reason to choose it, said where shops are compared. */}
          {shop.loyalty && (
            <span className="flex items-center gap-1 text-espresso-700">
              <Gift className="h-4 w-4" aria-hidden /> Stamp card: {shop.loyalty.stampsRequired} for a reward
            </span>
          )}
        </div>
        {children}
        <div className="mt-auto flex gap-2 pt-2">
          <ChatButton shop={shop} className="flex-1" />
          <LeaveReviewButton shop={shop} />
        </div>
      </div>
    </Card>
  );
});
