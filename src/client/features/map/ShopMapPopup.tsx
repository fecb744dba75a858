// A shop card's essentials in a map pin's popup: name, rating, the open-now line, what it serves that the search
// found, distance, whether the pin is only approximate, and the way on to its menu.
import type { Shop } from '@shared/api/shops';
import { distanceLabel } from '@shared/domain/distance';
import { ratingLabel } from '@shared/domain/rating';
import { MapPin, Navigation, Star } from 'lucide-react';
import { Link } from 'wouter';
import { OpenNowLine } from '../../components/OpenNowLine';
import { ServesLine } from '../../components/ServesLine';

export function ShopMapPopup({ shop }: { shop: Shop }) {
  return (
    <div className="space-y-1.5 text-espresso-800">
      <p className="font-display text-base font-semibold text-espresso-950">{shop.name}</p>
      <p className="flex items-center gap-1">
        <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
        <span className="font-semibold">{ratingLabel(shop)}</span>
        <span className="text-espresso-600">({shop.reviewCount} reviews)</span>
      </p>
      <OpenNowLine shop={shop} />
      <ServesLine shop={shop} />
      {shop.distanceKm !== undefined && shop.distanceKm !== null && (
        <p className="flex items-center gap-1">
          <Navigation className="h-4 w-4" aria-hidden />
          {distanceLabel(shop.distanceKm)}
        </p>
      )}
      {shop.locationApproximate && (
        <p className="flex items-center gap-1 text-espresso-600">
          <MapPin className="h-4 w-4" aria-hidden />
          Approximate location
        </p>
      )}
      <Link
        href={`/shops/${shop.id}`}
        className="bc-popup-action mt-1 inline-flex h-8 items-center rounded-lg bg-espresso-800 px-3 font-medium hover:bg-espresso-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500 focus-visible:ring-offset-2"
      >
        View menu
      </Link>
    </div>
  );
}
