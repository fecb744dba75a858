// The shops' pins on a map, grouped into a numbered circle where they crowd (leaflet.markercluster), each opening
// its popup on a click, a tap or Enter. An open popup's shop is watched live (issue 31), as a card's is.
import type { Shop } from '@shared/api/shops';
import { divIcon } from 'leaflet';
import { memo, useMemo, useState } from 'react';
import { Marker, Popup } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { useWatchShop } from '../../lib/shop-watch';
import { shopPin } from './BaseMap';
import { ShopMapPopup } from './ShopMapPopup';
import { shopPosition } from './shop-position';

/**
 * A group's circle says how many shops it holds; screen readers hear what pressing it does too, as Leaflet makes
 * it a focusable button (styles in map.css).
 */
function clusterIcon(cluster: { getChildCount(): number }) {
  const count = cluster.getChildCount();
  return divIcon({
    className: 'bc-cluster',
    html: `<span aria-hidden="true">${count}</span><span class="sr-only">${count} coffee shops, zoom in</span>`,
    iconSize: [40, 40],
  });
}

export function ShopMarkers({ shops }: { shops: readonly Shop[] }) {
  return (
    <MarkerClusterGroup
      chunkedLoading
      showCoverageOnHover={false}
      maxClusterRadius={48}
      iconCreateFunction={clusterIcon}
    >
      {shops.map((shop) => (
        <ShopMarker key={shop.id} shop={shop} />
      ))}
    </MarkerClusterGroup>
  );
}

/**
 * One pin. Its shop is watched only while its popup is open: the pin itself shows nothing that changes, and an
 * area holds up to 500 shops where a socket may watch 100. A live update patches the cached list the pins come
 * from, so the open popup shows it. Memoised, so a popup opening re-renders its own pin, not the other 499.
 */
const ShopMarker = memo(function ShopMarker({ shop }: { shop: Shop }) {
  const [isOpen, setOpen] = useState(false);
  useWatchShop(isOpen ? shop.id : null);
  // Stable handlers: react-leaflet binds them again whenever the object changes.
  const eventHandlers = useMemo(
    () => ({ popupopen: () => setOpen(true), popupclose: () => setOpen(false) }),
    [],
  );
  const position = shopPosition(shop);
  if (!position) return null;
  return (
    // The title names the pin for screen readers (Leaflet makes it a button) and shows on hover.
    <Marker position={position} icon={shopPin} title={shop.name} eventHandlers={eventHandlers}>
      <Popup className="bc-popup" minWidth={200} maxWidth={260}>
        <ShopMapPopup shop={shop} />
      </Popup>
    </Marker>
  );
});
