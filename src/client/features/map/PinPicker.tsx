// The owner's pin on a small map (issue 31, "Pins owners can trust"): drag the pin or tap the map to put it at
// the door. Loaded lazily by the shop dialogs, so Leaflet is fetched only when an owner's dialog shows a map.
import type { Marker as LeafletMarker, LeafletMouseEvent } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { cn } from '../../ui/cn';
import { BaseMap, shopPin } from './BaseMap';

export interface PinPosition {
  latitude: number;
  longitude: number;
}

/** Where the map looks. A new object moves the map there; the owner moving the pin keeps the same object. */
export interface PinView extends PinPosition {
  zoom: number;
}

export interface PinPickerProps {
  pin: PinPosition | null;
  view: PinView;
  /** The owner dragged the pin or tapped the map. */
  onPlace: (position: PinPosition) => void;
  className?: string;
}

export function PinPicker({ pin, view, onPlace, className }: PinPickerProps) {
  return (
    <BaseMap
      label="Your shop on the map"
      center={[view.latitude, view.longitude]}
      zoom={view.zoom}
      scrollWheelZoom={false}
      // isolate: Leaflet's panes have z-indexes of 400 and more; kept inside the map, they stay under the
      // dialog's sticky footer when the form scrolls.
      className={cn('isolate', className)}
    >
      <FollowView view={view} />
      <KeepSized />
      <PlaceOnTap onPlace={onPlace} />
      {pin && <DraggablePin pin={pin} onPlace={onPlace} />}
    </BaseMap>
  );
}

function DraggablePin({ pin, onPlace }: { pin: PinPosition; onPlace: (position: PinPosition) => void }) {
  const handlers = useMemo(
    () => ({
      dragend: (event: { target: LeafletMarker }) => {
        const { lat, lng } = event.target.getLatLng();
        onPlace({ latitude: lat, longitude: lng });
      },
    }),
    [onPlace],
  );
  return (
    <Marker
      position={[pin.latitude, pin.longitude]}
      icon={shopPin}
      draggable
      // Leaflet makes the pin a focusable button: its title is its name. A pin cannot be moved by keys, so it
      // says where the keyboard's way is.
      title="Your shop's pin: drag it to your door, or use Enter coordinates"
      eventHandlers={handlers}
    />
  );
}

function PlaceOnTap({ onPlace }: { onPlace: (position: PinPosition) => void }) {
  // Leaflet sends no click after a drag of the map, so panning never moves the pin.
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPlace({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

function FollowView({ view }: { view: PinView }) {
  const map = useMap();
  useEffect(() => {
    map.setView([view.latitude, view.longitude], view.zoom, { animate: false });
  }, [map, view]);
  return null;
}

/**
 * Leaflet measures its box once; in a dialog the box settles after the entrance animation and changes with
 * the tabs and the phone's rotation, so it is measured again whenever it changes (else tiles stay grey).
 */
function KeepSized() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}
