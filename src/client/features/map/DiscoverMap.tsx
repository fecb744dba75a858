// Discover's Map view (issue 31): the current list's shops as pins, the customer's position when known, and
// 'Search this area' once the customer moves the map, which asks for the shops of the visible area (up to 500).
// Loaded lazily (LazyMaps.tsx) only when the Map view is chosen.
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import type { Shop } from '@shared/api/shops';
import { Coffee, Search } from 'lucide-react';
import { useState } from 'react';
import { Marker } from 'react-leaflet';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { type MapArea, type ShopFilters, shopParams, useShopsInArea } from '../shops/queries';
import { BaseMap, SOUTH_AFRICA_CENTRE, SOUTH_AFRICA_ZOOM, youAreHere } from './BaseMap';
import { MapViewFitter } from './MapViewFitter';
import { viewOfShops } from './map-view';
import { ShopMarkers } from './ShopMarkers';
import { type Position, shopPosition } from './shop-position';

/** How the list behind the map is doing (DiscoverView's query). */
export interface ListState {
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface DiscoverMapProps {
  /** The list's shops under the current filters: the pins until the customer searches an area. */
  shops: readonly Shop[];
  list: ListState;
  filters: ShopFilters;
  location: { latitude: number; longitude: number } | null;
}

const southAfrica = { center: SOUTH_AFRICA_CENTRE, zoom: SOUTH_AFRICA_ZOOM };

export function DiscoverMap({ shops, list, filters, location }: DiscoverMapProps) {
  // The area last searched (its shops are the pins), and where the customer has moved the map since.
  const [area, setArea] = useState<MapArea | null>(null);
  const [movedTo, setMovedTo] = useState<MapArea | null>(null);
  // A new search or filter is a new question about all the shops: the map shows the list's answer again (and is
  // fitted to it) rather than an empty area where the shop asked for is not. Reset while rendering, React's way
  // of adjusting state to a prop, so no frame shows the old area with the new filters.
  const filtersKey = JSON.stringify(shopParams(filters));
  const [areaFilters, setAreaFilters] = useState(filtersKey);
  if (areaFilters !== filtersKey) {
    setAreaFilters(filtersKey);
    setArea(null);
    setMovedTo(null);
  }
  const inArea = useShopsInArea(filters, area);

  const here: Position | null = location ? [location.latitude, location.longitude] : null;
  const pins = area ? (inArea.data ?? []) : shops;
  const state: ListState = area ? inArea : list;
  const pinned = pins.filter((shop) => shopPosition(shop) !== null).length;

  const searchArea = () => {
    setArea(movedTo);
    setMovedTo(null);
  };

  return (
    <div className="relative h-full">
      <BaseMap
        label="Map of coffee shops"
        center={SOUTH_AFRICA_CENTRE}
        zoom={SOUTH_AFRICA_ZOOM}
        className="h-full"
      >
        {/* Fitted to the list's pins until an area is searched; from then on the customer steers. */}
        <MapViewFitter
          view={area ? null : viewOfShops(shops, here, southAfrica)}
          onMovedByUser={setMovedTo}
        />
        <ShopMarkers shops={pins} />
        {here && <Marker position={here} icon={youAreHere} interactive={false} keyboard={false} />}
      </BaseMap>

      {/* Over the map, outside Leaflet's panes: a press here must not start a drag of the map. */}
      <div className="pointer-events-none absolute inset-x-0 top-3 z-10 flex justify-center px-14">
        {movedTo ? (
          <Button className="pointer-events-auto shadow-md" onClick={searchArea}>
            <Search className="h-4 w-4" aria-hidden /> Search this area
          </Button>
        ) : (
          state.isFetching && (
            <div className="rounded-full bg-white px-4 shadow-md [&>div]:py-2">
              <Spinner label="Loading coffee shops..." />
            </div>
          )
        )}
      </div>
      <MapNotice state={state} isEmpty={pinned === 0} isArea={area !== null} />
    </div>
  );
}

/** The empty and failed states, over the middle of the map so it can still be moved around them. */
function MapNotice({ state, isEmpty, isArea }: { state: ListState; isEmpty: boolean; isArea: boolean }) {
  if (state.isFetching || (!isEmpty && !state.isError)) return null;
  return (
    <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center p-6">
      <div
        role={state.isError ? 'alert' : 'status'}
        className="pointer-events-auto max-w-xs rounded-xl border border-espresso-100 bg-white p-5 text-center shadow-lg"
      >
        {state.isError ? (
          <>
            <p className="font-semibold text-espresso-950">Could not load coffee shops</p>
            <p className="mt-1 text-sm text-espresso-600">Please check your connection and try again.</p>
            <Button className="mt-3" size="sm" onClick={() => void state.refetch()}>
              Try Again
            </Button>
          </>
        ) : (
          <>
            <Coffee className="mx-auto mb-2 h-6 w-6 text-espresso-600" aria-hidden />
            <p className="font-semibold text-espresso-950">
              {isArea ? 'No coffee shops in this area' : 'No coffee shops found'}
            </p>
            <p className="mt-1 text-sm text-espresso-600">
              {isArea
                ? 'Move the map or zoom out, then search again.'
                : 'Try another search or clear the filters.'}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
