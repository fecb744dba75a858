// A shop page's map with Directions (issue 31). Its height is kept from the first paint, so nothing moves when the
// map arrives; Leaflet is fetched only after the page has loaded, when the map is about to be seen (Lighthouse
// measures the page without it).
import type { Shop } from '@shared/api/shops';
import { Navigation } from 'lucide-react';
import { Suspense, useRef } from 'react';
import { useNearViewportAfterLoad } from '../../lib/use-near-viewport';
import { Button } from '../../ui/Button';
import { ShopLocationMap } from '../map/LazyMaps';
import { MapPlaceholder } from '../map/MapPlaceholder';
import { directionsUrl, type Position } from '../map/shop-position';

export function ShopLocation({ shop, position }: { shop: Shop; position: Position }) {
  const slot = useRef<HTMLDivElement>(null);
  const isNear = useNearViewportAfterLoad(slot);
  return (
    <div className="space-y-2">
      <div ref={slot} className="h-44">
        {isNear ? (
          <Suspense fallback={<MapPlaceholder />}>
            <ShopLocationMap name={shop.name} position={position} isApproximate={shop.locationApproximate} />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={directionsUrl(position)} target="_blank" rel="noopener noreferrer">
            <Navigation className="h-4 w-4" aria-hidden /> Directions
          </a>
        </Button>
        {shop.locationApproximate && <span className="text-sm text-espresso-600">Approximate location</span>}
      </div>
    </div>
  );
}
