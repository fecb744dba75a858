// The shop dialogs' pin (issue 31): looks addresses up (GET /api/geocode), follows the owner's drags and typed
// coordinates, and gives the form the pin to save, or says that the owner must be asked for one.
import { useCallback, useRef, useState } from 'react';
import { errorStatus } from '../../lib/api';
import type { PinPosition } from '../map/PinPicker';
import { geocodeAddress } from '../shops/queries';
import {
  afterLookup,
  afterPlacing,
  afterTyping,
  initialLocation,
  type LookupOutcome,
  pinToSave,
  type ShopLocation,
} from './shop-location';

export type PinForSave =
  | { kind: 'pin'; latitude: string; longitude: string; approximate: boolean }
  /** No pin, or one the owner has not seen yet (a suburb's centre found while saving): show it, do not save. */
  | { kind: 'ask' };

async function lookUpAddress(address: string): Promise<LookupOutcome> {
  try {
    const found = await geocodeAddress(address);
    return {
      kind: 'found',
      latitude: found.lat,
      longitude: found.lon,
      approximate: found.approximate,
      label: found.label,
    };
  } catch (error) {
    return errorStatus(error) === 404 ? { kind: 'not-found' } : { kind: 'unavailable' };
  }
}

export function useShopLocation(initial: Parameters<typeof initialLocation>[0]) {
  const [location, setLocation] = useState(() => initialLocation(initial));
  // The latest state for the save, which may run before a finished look-up has been rendered.
  const latest = useRef(location);
  latest.current = location;
  const lastLookup = useRef<{ address: string; outcome: Promise<LookupOutcome>; settled: boolean } | null>(
    null,
  );
  // Counts the owner's own moves: a look-up answered after one must not take the pin away from them.
  const ownerMoves = useRef(0);

  const update = useCallback((change: (state: ShopLocation) => ShopLocation) => {
    setLocation((state) => {
      const next = change(state);
      latest.current = next;
      return next;
    });
  }, []);

  /**
   * Looks the address up, once per address unless asked again (Find on map after the service failed). One on
   * its way is shared: Find on map pressed straight from the address field also blurs it, which asks too.
   */
  const lookUp = useCallback(
    (address: string, again = false): Promise<LookupOutcome> => {
      const last = lastLookup.current;
      if (last?.address === address && (!again || !last.settled)) return last.outcome;
      const outcome = lookUpAddress(address);
      const current = { address, outcome, settled: false };
      lastLookup.current = current;
      const movesBefore = ownerMoves.current;
      update((state) => ({ ...state, source: { kind: 'searching' } }));
      void outcome.then((result) => {
        current.settled = true;
        const superseded = lastLookup.current?.outcome !== outcome;
        // The owner placed the pin meanwhile (which ended 'searching' too): theirs stands.
        const ownerMovedSince = ownerMoves.current !== movesBefore;
        if (!superseded && !ownerMovedSince) update((state) => afterLookup(state, address, result));
      });
      return outcome;
    },
    [update],
  );

  /** On leaving the address field: a new address gets its pin, unless the owner has placed theirs. */
  const lookUpIfChanged = useCallback(
    (address: string) => {
      const state = latest.current;
      if (address.length < 3 || state.source.kind === 'placed' || state.pinnedAddress === address) return;
      void lookUp(address);
    },
    [lookUp],
  );

  const place = useCallback(
    (position: PinPosition) => {
      ownerMoves.current += 1;
      update((state) => afterPlacing(state, position));
    },
    [update],
  );

  const typeCoordinate = useCallback(
    (field: 'latitude' | 'longitude', text: string) => {
      ownerMoves.current += 1;
      update((state) => afterTyping(state, field, text));
    },
    [update],
  );

  /** The pin to save with this address, looking it up first when it has none yet. */
  const pinForSave = useCallback(
    async (address: string): Promise<PinForSave> => {
      const ready = pinToSave(latest.current, address);
      if (ready) return { kind: 'pin', ...ready };
      const outcome = await lookUp(address);
      const after = pinToSave(latest.current, address);
      if (after && latest.current.source.kind === 'placed') return { kind: 'pin', ...after };
      // A remembered answer may no longer be on screen (the owner emptied the fields since): show it again.
      update((state) => (pinToSave(state, address) ? state : afterLookup(state, address, outcome)));
      // An exact find may be saved unseen, as the address look-up always was; a suburb's centre is shown first.
      if (outcome.kind === 'found' && !outcome.approximate)
        return { kind: 'pin', latitude: outcome.latitude, longitude: outcome.longitude, approximate: false };
      return { kind: 'ask' };
    },
    [lookUp, update],
  );

  return { location, lookUp, lookUpIfChanged, place, typeCoordinate, pinForSave };
}
