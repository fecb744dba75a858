// The shop dialogs' pin: what a look-up, a drag and typed coordinates do, which pin may be saved, and what is said.
import { expect, test } from 'vitest';
import {
  afterLookup,
  afterPlacing,
  afterTyping,
  initialLocation,
  needsPin,
  pinStatus,
  pinToSave,
} from './shop-location';

const newShop = initialLocation({ address: '', latitude: '', longitude: '', locationApproximate: false });
const soweto = {
  kind: 'found',
  latitude: '-26.2485',
  longitude: '27.854',
  approximate: true,
  label: 'Soweto',
} as const;

test('a new shop has no pin and no map until its address is looked up', () => {
  expect(newShop.view).toBeNull();
  expect(pinStatus(newShop)).toBeNull();
  expect(pinToSave(newShop, '1 Vilakazi St, Soweto')).toBeNull();
});

test('a found street is said as found, shown close up, and saved exact for that address only', () => {
  const found = afterLookup(newShop, 'Kloof Street', {
    kind: 'found',
    latitude: '-33.9312',
    longitude: '18.4089',
    approximate: false,
    label: 'Kloof Street, Gardens, Cape Town',
  });
  expect(pinStatus(found)).toEqual({ text: 'Found: Kloof Street, Gardens, Cape Town', isProblem: false });
  expect(found.view).toEqual({ latitude: -33.9312, longitude: 18.4089, zoom: 17 });
  expect(pinToSave(found, 'Kloof Street')).toEqual({
    latitude: '-33.9312',
    longitude: '18.4089',
    approximate: false,
  });
  expect(pinToSave(found, '12 Bree Street')).toBeNull();
});

test("a suburb's centre is approximate until the owner drags the pin, which then stands whatever the address", () => {
  const found = afterLookup(newShop, 'Soweto', soweto);
  expect(pinStatus(found)?.text).toBe('Approximate: centre of Soweto — drag the pin to your door');
  expect(pinToSave(found, 'Soweto')).toMatchObject({ approximate: true });

  const dragged = afterPlacing(found, { latitude: -26.2391234567, longitude: 27.8601 });
  expect(pinStatus(dragged)?.text).toBe('Pin placed by you');
  expect(dragged.view).toBe(found.view);
  expect(pinToSave(dragged, '8115 Vilakazi St, Soweto')).toEqual({
    latitude: '-26.239123',
    longitude: '27.8601',
    approximate: false,
  });
});

test('an address not found takes the old pin away, keeps the map where it was, and asks for the pin', () => {
  const saved = initialLocation({
    address: '12 Long St',
    latitude: '-33.92',
    longitude: '18.42',
    locationApproximate: false,
  });
  expect(pinStatus(saved)?.text).toBe('Pin as saved — drag it or tap the map to move it');
  const lost = afterLookup(saved, '1 Nowhere Rd', { kind: 'not-found' });
  expect(lost).toMatchObject({ latitude: '', longitude: '', view: saved.view });
  expect(needsPin(lost)).toBe(true);
  expect(pinStatus(lost)).toEqual({
    text: "We couldn't find that address — place the pin on the map",
    isProblem: true,
  });
  expect(needsPin(afterPlacing(lost, { latitude: -33.9, longitude: 18.4 }))).toBe(false);
});

test('a failed look-up on a new shop shows the whole country to place the pin in', () => {
  const failed = afterLookup(newShop, 'Long Street', { kind: 'unavailable' });
  expect(failed.view).toEqual({ latitude: -29, longitude: 25, zoom: 5 });
  expect(pinStatus(failed)?.isProblem).toBe(true);
});

test('typed coordinates move the pin once both make a place; emptied, the address is looked up again', () => {
  const half = afterTyping(newShop, 'latitude', '-33.9');
  expect(half.view).toBeNull();
  const typed = afterTyping(half, 'longitude', '18.4');
  expect(typed.view).toEqual({ latitude: -33.9, longitude: 18.4, zoom: 17 });
  expect(pinToSave(typed, 'anything')).toEqual({ latitude: '-33.9', longitude: '18.4', approximate: false });
  // Out of range stays as typed, for the server to name; the map shows no pin for it.
  expect(afterTyping(typed, 'latitude', '-123').view).toEqual(typed.view);
  const emptied = afterTyping(afterTyping(typed, 'latitude', ''), 'longitude', ' ');
  expect(emptied.source.kind).toBe('none');
  expect(pinToSave(emptied, 'anything')).toBeNull();
});
