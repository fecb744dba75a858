// A shop page's small map: the shop's pin, nothing to click. Loaded lazily (LazyMaps.tsx), once the page has loaded
// and the map is about to scroll into view (ShopLocation.tsx).
import { Browser } from 'leaflet';
import { useEffect } from 'react';
import { Marker, useMap } from 'react-leaflet';
import { BaseMap, shopPin } from './BaseMap';
import type { Position } from './shop-position';

/** A door's street; an approximate pin (a suburb's centre) is shown with its surroundings, as it is no more. */
const DOOR_ZOOM = 16;
const AREA_ZOOM = 13;

export function ShopLocationMap({
  name,
  position,
  isApproximate,
}: {
  name: string;
  position: Position;
  isApproximate: boolean;
}) {
  return (
    <BaseMap
      label={`Map of ${name}`}
      center={position}
      zoom={isApproximate ? AREA_ZOOM : DOOR_ZOOM}
      scrollWheelZoom={false}
      className="h-full"
    >
      <Marker position={position} icon={shopPin} interactive={false} keyboard={false} />
      <PageScrollsOnTouch />
    </BaseMap>
  );
}

/** On a phone a finger sliding over the small map scrolls the page, as over the rest of it; pinch still zooms. */
function PageScrollsOnTouch() {
  const map = useMap();
  useEffect(() => {
    if (Browser.mobile) map.dragging.disable();
  }, [map]);
  return null;
}
