// The shops' pins on a map, grouped into a numbered circle where they crowd (leaflet.markercluster), each opening
// its popup on a click, a tap or Enter.
import type { Shop } from '@shared/api/shops';
import { divIcon } from 'leaflet';
import { Marker, Popup } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
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
      {shops.map((shop) => {
        const position = shopPosition(shop);
        if (!position) return null;
        return (
          // The title names the pin for screen readers (Leaflet makes it a button) and shows on hover.
          <Marker key={shop.id} position={position} icon={shopPin} title={shop.name}>
            <Popup className="bc-popup" minWidth={200} maxWidth={260}>
              <ShopMapPopup shop={shop} />
            </Popup>
          </Marker>
        );
      })}
    </MarkerClusterGroup>
  );
}
