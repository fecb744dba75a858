// The one place Leaflet is set up: a map with the configured tile server (MAP_TILE_URL) and its attribution, and
// the app's pin. This module and everything importing it are loaded only when a map is shown (see LazyMaps.tsx),
// so Leaflet's ~45 KB never reaches the landing or list pages.
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { MapConfig } from '@shared/api/shops';
import { useQuery } from '@tanstack/react-query';
import { divIcon, type LatLngExpression } from 'leaflet';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { cn } from '../../ui/cn';

/** Where South Africa's coffee is, roughly: the map's view when there is nothing else to centre on. */
export const SOUTH_AFRICA_CENTRE: [number, number] = [-29.0, 25.0];
export const SOUTH_AFRICA_ZOOM = 5;
/** The closest zoom of standard raster tiles (OpenStreetMap's standard layer, Leaflet's TileLayer default). */
const MAX_ZOOM = 18;

/** The tile server and its credit (GET /api/map-config), asked once per visit. */
export function useMapConfig() {
  return useQuery<MapConfig>({ queryKey: ['/api/map-config'], staleTime: Number.POSITIVE_INFINITY });
}

/**
 * The app's pin, drawn in CSS (styles in map.css): Leaflet's default marker images are addressed relative to its
 * stylesheet, which a bundler breaks, and a pin in the brand's colour reads better on the map anyway.
 */
export const shopPin = divIcon({
  className: 'bc-pin',
  html: '<span class="bc-pin-head"></span>',
  iconSize: [28, 36],
  iconAnchor: [14, 34],
  popupAnchor: [0, -30],
});

/** The customer's own position: a blue dot, as every maps app shows it. */
export const youAreHere = divIcon({
  className: 'bc-you',
  html: '<span></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});

export interface BaseMapProps {
  center: LatLngExpression;
  zoom: number;
  className?: string;
  /** Accessible name of the map region. */
  label: string;
  /** Scroll-wheel zoom is off in small embedded maps, so scrolling the page past one does not zoom it. */
  scrollWheelZoom?: boolean;
  children?: ReactNode;
}

export function BaseMap({ center, zoom, className, label, scrollWheelZoom = true, children }: BaseMapProps) {
  const config = useMapConfig();
  return (
    // isolate: Leaflet's panes and controls use z-indexes up to 1000; kept inside the map, they cannot cover the
    // sticky navigation bar or a dialog.
    <section
      aria-label={label}
      className={cn('relative isolate overflow-hidden rounded-lg border border-espresso-200', className)}
    >
      <MapContainer
        center={center}
        zoom={zoom}
        scrollWheelZoom={scrollWheelZoom}
        // Set on the map, not only by the tile layer (which arrives with the config): pin clustering needs it from
        // the start. 18 is the tile layer's own limit too.
        maxZoom={MAX_ZOOM}
        className="h-full w-full"
        attributionControl
      >
        {config.data && <TileLayer url={config.data.tileUrl} attribution={config.data.attribution} />}
        {children}
      </MapContainer>
    </section>
  );
}
