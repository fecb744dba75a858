// Discover's List or Map view (issue 31), remembered on this device: a customer who browses by map gets the map
// again next time. The list unless the map was chosen: it is the lighter page.
export type DiscoverViewMode = 'list' | 'map';

const STORAGE_KEY = 'discoverView';

export function readDiscoverView(): DiscoverViewMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'map' ? 'map' : 'list';
  } catch {
    return 'list';
  }
}

export function rememberDiscoverView(view: DiscoverViewMode) {
  try {
    localStorage.setItem(STORAGE_KEY, view);
  } catch {
    // Storage refused (private mode): the choice holds for this visit.
  }
}
