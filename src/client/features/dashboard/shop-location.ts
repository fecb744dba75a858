// Where a shop's pin stands in the create and edit dialogs (issue 31), as pure steps: what a look-up, a drag or
// typed coordinates do to it, which pin may be saved for an address, and the sentence that says where it came from.
import type { PinPosition, PinView } from '../map/PinPicker';

/** Where the pin came from, which decides what the dialog says about it. */
export type PinSource =
  | { kind: 'none' }
  | { kind: 'saved' }
  | { kind: 'searching' }
  | { kind: 'found'; label: string }
  | { kind: 'not-found' }
  | { kind: 'unavailable' }
  | { kind: 'placed' };

export interface ShopLocation {
  /** As text, as the coordinates fields show them; '' when there is no pin. */
  latitude: string;
  longitude: string;
  /** Only a town's or suburb's centre, not moved by the owner since. */
  approximate: boolean;
  source: PinSource;
  /**
   * The address a geocoded or saved pin stands for: another address needs a look-up of its own. A pin the
   * owner placed stands whatever the address says (they know where their door is).
   */
  pinnedAddress: string | null;
  /** Where the map looks; null until there is something to show. Replaced only when the map should move. */
  view: PinView | null;
}

export type LookupOutcome =
  | { kind: 'found'; latitude: string; longitude: string; approximate: boolean; label: string }
  | { kind: 'not-found' }
  | { kind: 'unavailable' };

/** Close enough to see the door; a suburb's centre is shown with the suburb around it. */
const DOOR_ZOOM = 17;
const AREA_ZOOM = 13;
/** South Africa, for a map with no pin on it yet. */
const COUNTRY_VIEW: PinView = { latitude: -29.0, longitude: 25.0, zoom: 5 };

export function initialLocation(shop: {
  address: string;
  latitude: string;
  longitude: string;
  locationApproximate: boolean;
}): ShopLocation {
  const pin = parsePin(shop.latitude, shop.longitude);
  return {
    latitude: shop.latitude,
    longitude: shop.longitude,
    approximate: pin !== null && shop.locationApproximate,
    source: pin ? { kind: 'saved' } : { kind: 'none' },
    pinnedAddress: pin ? shop.address.trim() : null,
    view: pin ? { ...pin, zoom: shop.locationApproximate ? AREA_ZOOM : DOOR_ZOOM } : null,
  };
}

export function afterLookup(state: ShopLocation, address: string, outcome: LookupOutcome): ShopLocation {
  if (outcome.kind === 'found') {
    const { latitude, longitude, approximate, label } = outcome;
    return {
      latitude,
      longitude,
      approximate,
      source: { kind: 'found', label },
      pinnedAddress: address,
      view: {
        latitude: Number(latitude),
        longitude: Number(longitude),
        zoom: approximate ? AREA_ZOOM : DOOR_ZOOM,
      },
    };
  }
  // The old pin belongs to another address: it goes, and the map stays where it was for the owner to tap.
  return {
    latitude: '',
    longitude: '',
    approximate: false,
    source: { kind: outcome.kind },
    pinnedAddress: null,
    view: state.view ?? COUNTRY_VIEW,
  };
}

/** The owner dragged the pin or tapped the map: exact from now on, and the map stays where they put it. */
export function afterPlacing(state: ShopLocation, position: PinPosition): ShopLocation {
  return {
    ...state,
    latitude: formatCoordinate(position.latitude),
    longitude: formatCoordinate(position.longitude),
    approximate: false,
    source: { kind: 'placed' },
  };
}

/** The owner typed a coordinate: placed by them too; the map follows once both make a place. */
export function afterTyping(
  state: ShopLocation,
  field: 'latitude' | 'longitude',
  text: string,
): ShopLocation {
  const next = { ...state, [field]: text, approximate: false, source: { kind: 'placed' } as const };
  // Both emptied: no pin, and the address is looked up again as the fields' hint promises.
  if (!next.latitude.trim() && !next.longitude.trim())
    return { ...next, source: { kind: 'none' }, pinnedAddress: null };
  const pin = parsePin(next.latitude, next.longitude);
  return pin ? { ...next, view: { ...pin, zoom: state.view?.zoom ?? DOOR_ZOOM } } : next;
}

/** The pin on the map, when both coordinates make a place on Earth. */
export function pinOf(state: ShopLocation): PinPosition | null {
  return parsePin(state.latitude, state.longitude);
}

/**
 * The pin to save with this address, or null when the address still needs looking up. Both fields filled is
 * enough: what they say is the server's to check (it names a bad number), as before the map.
 */
export function pinToSave(
  state: ShopLocation,
  address: string,
): { latitude: string; longitude: string; approximate: boolean } | null {
  if (!state.latitude.trim() || !state.longitude.trim()) return null;
  if (state.source.kind !== 'placed' && state.pinnedAddress !== address) return null;
  return {
    latitude: state.latitude.trim(),
    longitude: state.longitude.trim(),
    approximate: state.approximate,
  };
}

/** No pin, and the address cannot give one: the dialog asks for the pin or a save without a location. */
export function needsPin(state: ShopLocation): boolean {
  const kind = state.source.kind;
  return (kind === 'not-found' || kind === 'unavailable') && pinOf(state) === null;
}

/** The sentence under the address: what was found, or what the owner should do. */
export function pinStatus(state: ShopLocation): { text: string; isProblem: boolean } | null {
  const { source, approximate } = state;
  switch (source.kind) {
    case 'none':
      return null;
    case 'searching':
      return { text: 'Looking up the address…', isProblem: false };
    case 'saved':
      return approximate
        ? { text: 'Approximate location — drag the pin to your door', isProblem: false }
        : { text: 'Pin as saved — drag it or tap the map to move it', isProblem: false };
    case 'found':
      return approximate
        ? { text: `Approximate: centre of ${source.label} — drag the pin to your door`, isProblem: false }
        : { text: `Found: ${source.label}`, isProblem: false };
    case 'placed':
      return { text: 'Pin placed by you', isProblem: false };
    case 'not-found':
      return { text: "We couldn't find that address — place the pin on the map", isProblem: true };
    case 'unavailable':
      return { text: "The map search isn't answering — place the pin on the map", isProblem: true };
  }
}

function parsePin(latitude: string, longitude: string): PinPosition | null {
  if (!latitude.trim() || !longitude.trim()) return null;
  const pin = { latitude: Number(latitude), longitude: Number(longitude) };
  const onEarth =
    Number.isFinite(pin.latitude) &&
    Number.isFinite(pin.longitude) &&
    Math.abs(pin.latitude) <= 90 &&
    Math.abs(pin.longitude) <= 180;
  return onEarth ? pin : null;
}

/** Six decimals (about 10 cm), what the server keeps. */
function formatCoordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
