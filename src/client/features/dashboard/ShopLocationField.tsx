// The shop dialogs' address and pin (issue 31): the address with 'Find on map', what the look-up found, a small
// map to drag the pin or tap the door, the coordinates behind 'Enter coordinates' (the keyboard's way to place
// it), and, when the address gives no pin, the choice to save without one with what that costs.
import { ChevronRight, MapPin, TriangleAlert } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Skeleton } from '../../ui/Skeleton';
import { needsPin, pinOf, pinStatus } from './shop-location';
import type { useShopLocation } from './use-shop-location';

// Leaflet comes with the map, not with the dashboard: only a dialog that shows a pin fetches it.
const PinPicker = lazyNamed(() => import('../map/PinPicker'), 'PinPicker');
/** The map's height, reserved while its code loads so the form does not jump. */
const mapHeight = 'h-52 sm:h-64';

export function ShopLocationField({
  address,
  onAddressChange,
  pin,
  askedForPin,
  disabled,
  onSaveWithoutLocation,
}: {
  address: string;
  onAddressChange: (address: string) => void;
  pin: ReturnType<typeof useShopLocation>;
  /** Bumped each time a save stopped to ask for the pin: the question is announced again. */
  askedForPin: number;
  disabled: boolean;
  onSaveWithoutLocation: () => void;
}) {
  const { location } = pin;
  const trimmed = address.trim();
  return (
    <div className="grid gap-3 sm:col-span-2">
      <Field id="shop-address" label="Address" required>
        <div className="flex gap-2">
          <Input
            id="shop-address"
            value={address}
            onChange={(event) => onAddressChange(event.target.value)}
            onBlur={() => pin.lookUpIfChanged(trimmed)}
            required
            placeholder="36 Buitenkant St, Cape Town"
          />
          {/* 'Find' alone on a phone leaves the address room to be read; the name stays whole for everyone. */}
          <Button
            variant="outline"
            className="shrink-0 px-3 sm:px-4"
            aria-label="Find on map"
            disabled={trimmed.length < 3 || location.source.kind === 'searching'}
            onClick={() => void pin.lookUp(trimmed, true)}
          >
            <MapPin className="h-4 w-4" aria-hidden />
            <span>
              Find<span className="hidden sm:inline"> on map</span>
            </span>
          </Button>
        </div>
      </Field>
      <PinStatusLine pin={pin} askedForPin={askedForPin} />
      {/* Beside the question, not under the map: asked on a phone, both are on screen together. */}
      {needsPin(location) && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-espresso-200 bg-espresso-50 px-3 py-2 text-sm text-espresso-800">
          <p>Or save without a location: customers won't find you with Near Me.</p>
          <Button variant="outline" size="sm" disabled={disabled} onClick={onSaveWithoutLocation}>
            Save without location
          </Button>
        </div>
      )}
      {location.view && (
        <div className="grid gap-1">
          <Suspense fallback={<Skeleton className={mapHeight} />}>
            <PinPicker
              pin={pinOf(location)}
              view={location.view}
              onPlace={pin.place}
              className={cn(mapHeight, 'border-espresso-200')}
            />
          </Suspense>
          <p className="text-xs text-espresso-600">Drag the pin, or tap the map where your door is.</p>
        </div>
      )}
      <CoordinatesFields pin={pin} />
    </div>
  );
}

function PinStatusLine({
  pin,
  askedForPin,
}: {
  pin: ReturnType<typeof useShopLocation>;
  askedForPin: number;
}) {
  const status = pinStatus(pin.location);
  const line = useRef<HTMLParagraphElement>(null);
  // Centred, not just in view: the form's sticky buttons cover the dialog's bottom edge.
  useEffect(() => {
    if (askedForPin > 0) line.current?.scrollIntoView({ block: 'center' });
  }, [askedForPin]);
  // A problem is an alert, keyed so a save that stops again says it again; the rest is a polite status, kept
  // mounted so screen readers hear each change.
  if (status?.isProblem)
    return (
      <p
        key={askedForPin}
        ref={line}
        role="alert"
        className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
      >
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {status.text}
      </p>
    );
  return (
    <p ref={line} role="status" className={cn('text-sm text-espresso-800', !status && 'sr-only')}>
      {status?.text}
    </p>
  );
}

function CoordinatesFields({ pin }: { pin: ReturnType<typeof useShopLocation> }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="grid gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-espresso-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
      >
        <ChevronRight className={cn('h-4 w-4 transition-transform', open && 'rotate-90')} aria-hidden />
        Enter coordinates
      </button>
      <div
        id={regionId}
        hidden={!open}
        className="grid gap-4 rounded-xl border border-espresso-100 bg-espresso-50/60 p-4 sm:grid-cols-2"
      >
        <p className="text-xs text-espresso-600 sm:col-span-2">
          Decimal degrees, as a maps app shows them. Typing them moves the pin; leave them empty and we look
          the address up.
        </p>
        <Field id="shop-latitude" label="Latitude">
          <Input
            id="shop-latitude"
            inputMode="decimal"
            placeholder="-33.9249"
            value={pin.location.latitude}
            onChange={(event) => pin.typeCoordinate('latitude', event.target.value)}
          />
        </Field>
        <Field id="shop-longitude" label="Longitude">
          <Input
            id="shop-longitude"
            inputMode="decimal"
            placeholder="18.4241"
            value={pin.location.longitude}
            onChange={(event) => pin.typeCoordinate('longitude', event.target.value)}
          />
        </Field>
      </div>
    </div>
  );
}
