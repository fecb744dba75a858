// The top of a shop page: picture, name, category, rating, address, phone, description, the open-now line and
// the same Favourite, Start Chatting and Leave Review actions as a shop card; where it has a pin, a small map with
// Directions, which the address links to as well (issue 31).
import { shopCategoryLabels } from '@shared/api/shop-constants';
import type { Shop } from '@shared/api/shops';
import { isFeatured } from '@shared/domain/featured';
import { ratingLabel } from '@shared/domain/rating';
import { Mail, MapPin, Phone, Star } from 'lucide-react';
import { ChatButton } from '../../components/ChatButton';
import { FavoriteHeart } from '../../components/FavoriteHeart';
import { LeaveReviewButton } from '../../components/LeaveReviewButton';
import { OpenNowLine } from '../../components/OpenNowLine';
import { ShopImage } from '../../components/ShopImage';
import { useAuth } from '../../lib/auth';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { useFavoriteToggle } from '../favorites/use-favorite-toggle';
import { directionsUrl, shopPosition } from '../map/shop-position';
import { ShopLocation } from './ShopLocation';

export function ShopHeader({ shop }: { shop: Shop }) {
  const { user } = useAuth();
  // Only customers have favourites; a visitor's heart asks them to sign in instead.
  const { favoriteIds, onToggle } = useFavoriteToggle(user?.role === 'customer');
  const position = shopPosition(shop);
  return (
    <Card className="overflow-hidden">
      <div className="relative">
        <ShopImage
          shop={shop}
          sizes="(min-width: 1152px) 1152px, 100vw"
          className="h-48 w-full sm:h-64 [&_svg]:h-14 [&_svg]:w-14"
        />
        {isFeatured(shop) && (
          <Badge tone="promoted" className="absolute left-4 top-4 shadow">
            PROMOTED
          </Badge>
        )}
        <FavoriteHeart
          shop={shop}
          isFavorite={favoriteIds.has(shop.id)}
          onToggleFavorite={onToggle}
          className="absolute right-4 top-4"
        />
      </div>
      {/* The actions sit level with the last line of the details; beside a map, details and map start level. */}
      <div
        className={cn(
          'grid gap-4 p-5 sm:p-6 md:grid-cols-[1fr_auto]',
          position ? 'md:items-start' : 'md:items-end',
        )}
      >
        <div className="min-w-0 space-y-2">
          <div>
            <h1 className="font-display text-3xl font-bold text-espresso-950 sm:text-4xl">{shop.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-espresso-700">
              <span className="font-medium">{shopCategoryLabels[shop.category]}</span>
              <span aria-hidden>·</span>
              <span
                className="flex items-center gap-1"
                title={shop.reviewCount > 0 ? `Rated ${shop.rating} out of 5` : 'No reviews yet'}
              >
                <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
                <span className="font-semibold text-espresso-900">{ratingLabel(shop)}</span>
                <span className="text-espresso-600">({shop.reviewCount} reviews)</span>
              </span>
            </p>
          </div>
          <OpenNowLine shop={shop} />
          <p className="flex items-start gap-1.5 text-sm text-espresso-700">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {/* The address is the natural thing to tap for the way there (issue 31). */}
            {position ? (
              <a
                href={directionsUrl(position)}
                target="_blank"
                rel="noopener noreferrer"
                className="underline-offset-2 hover:underline"
              >
                {shop.address}
                <span className="sr-only"> (directions, opens in a new tab)</span>
              </a>
            ) : (
              shop.address
            )}
          </p>
          {(shop.phone || shop.email) && (
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-espresso-700">
              {shop.phone && (
                <a
                  href={`tel:${shop.phone.replace(/\s+/g, '')}`}
                  className="flex items-center gap-1.5 hover:underline"
                >
                  <Phone className="h-4 w-4" aria-hidden />
                  {shop.phone}
                </a>
              )}
              {shop.email && (
                <a
                  href={`mailto:${shop.email}`}
                  className="flex min-w-0 items-center gap-1.5 break-all hover:underline"
                >
                  <Mail className="h-4 w-4 shrink-0" aria-hidden />
                  {shop.email}
                </a>
              )}
            </p>
          )}
          {shop.description && <p className="max-w-prose text-espresso-800">{shop.description}</p>}
        </div>
        <div className={cn('flex flex-col gap-4', position && 'md:w-80')}>
          {/* On a phone the actions come first and the map after them; beside the details, the map on top. */}
          {position && (
            <div className="order-last md:order-first">
              <ShopLocation shop={shop} position={position} />
            </div>
          )}
          <div className="flex gap-2">
            <ChatButton shop={shop} className="flex-1 md:flex-none" />
            <LeaveReviewButton shop={shop} />
          </div>
        </div>
      </div>
    </Card>
  );
}
