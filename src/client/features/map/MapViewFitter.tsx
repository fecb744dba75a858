// Inside a map: moves it to a view whenever the view changes, and tells the page when the customer moved the map
// themselves (so Discover can offer 'Search this area'), not when the app did.
import { useEffect, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { MapArea } from '../shops/queries';
import { areaOfBounds, type MapView, STREET_ZOOM } from './map-view';

/** How long after the customer's last touch a move of the map still counts as theirs. */
const USER_MOVE_WINDOW_MS = 2500;

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

  // When the customer last touched the map (a press, a release, the wheel, a key): a move soon after is theirs.
  // Leaflet also moves the map itself (a resize of its box as the page lays out, a fit), which must not count.
  const lastTouched = useRef(0);
  useEffect(() => {
    const container = map.getContainer();
    const touched = () => {
      lastTouched.current = Date.now();
    };
    const kinds = ['pointerdown', 'pointerup', 'wheel', 'keydown'] as const;
    for (const kind of kinds) container.addEventListener(kind, touched, { passive: true });
    return () => {
      for (const kind of kinds) container.removeEventListener(kind, touched);
    };
  }, [map]);

  useMapEvents({
    moveend: () => {
      // Zoom and drag animations (and a drag's glide) end within a second or so of the touch that began them.
      if (isFitting.current || Date.now() - lastTouched.current > USER_MOVE_WINDOW_MS) return;
      const bounds = map.getBounds();
      onMovedByUser(areaOfBounds(bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast()));
    },
  });
  return null;
}
