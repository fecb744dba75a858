// Inside a map: moves it to a view whenever the view changes, and tells the page when the customer moved the map
// themselves (so Discover can offer 'Search this area'), not when the app did.
import { useEffect, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { MapArea } from '../shops/queries';
import { areaOfBounds, type MapView, STREET_ZOOM } from './map-view';

export function MapViewFitter({
  view,
  onMovedByUser,
}: {
  /** null: leave the map where it is (the customer chose an area). */
  view: MapView | null;
  onMovedByUser: (area: MapArea) => void;
}) {
  const map = useMap();
  const isFitting = useRef(false);
  // Compared by its text: the page builds a new view object on every render, the view changes only with its pins.
  const viewKey = view && JSON.stringify(view);

  useEffect(() => {
    if (!viewKey) return;
    const target = JSON.parse(viewKey) as MapView;
    // Without animation Leaflet moves at once and fires its moveend inside this call, so the flag sees it.
    isFitting.current = true;
    if ('bounds' in target) {
      map.fitBounds(target.bounds, { padding: [40, 40], maxZoom: STREET_ZOOM, animate: false });
    } else {
      map.setView(target.center, target.zoom, { animate: false });
    }
    isFitting.current = false;
  }, [map, viewKey]);

  useMapEvents({
    moveend: () => {
      if (isFitting.current) return;
      const bounds = map.getBounds();
      onMovedByUser(areaOfBounds(bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast()));
    },
  });
  return null;
}
