// The maps as lazy components: importing this file costs a page nothing, and Leaflet with its styles (BaseMap.tsx)
// is fetched only when one of these first renders (Discover's Map view, a shop page's map scrolled into view).
import { lazyNamed } from '../../lib/lazy-named';

export const DiscoverMap = lazyNamed(() => import('./DiscoverMap'), 'DiscoverMap');
export const ShopLocationMap = lazyNamed(() => import('./ShopLocationMap'), 'ShopLocationMap');
