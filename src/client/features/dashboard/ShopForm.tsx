// The coffee shop form of spec §2 (Create Coffee Shop) shared by Create and Edit: the fields, the required
// checks, and the address look-up when no coordinates are given (spec §5 Geocoding on submit).

import {
  type CreateShopBody,
  type Shop,
  type ShopCategory,
  shopCategories,
  shopCategoryLabels,
} from '@shared/api/shops';
import { type FormEvent, useState } from 'react';
import { ImageUploadField } from '../../components/ImageUploadField';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { NativeSelect } from '../../ui/NativeSelect';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast-store';
import { geocodeAddress } from '../shops/queries';

export const emptyShopForm = {
  name: '',
  category: '' as ShopCategory | '',
  description: '',
  address: '',
  phone: '',
  email: '',
  deliveryTime: '',
  deliveryFee: '',
  latitude: '',
  longitude: '',
  imageUrl: '',
};
export type ShopFormValues = typeof emptyShopForm;

/** A saved shop as the form's text fields, for Edit. */
export function shopFormFrom(shop: Shop): ShopFormValues {
  return {
    name: shop.name,
    category: shop.category,
    description: shop.description ?? '',
    address: shop.address,
    phone: shop.phone ?? '',
    email: shop.email ?? '',
    deliveryTime: shop.deliveryTime ?? '',
    deliveryFee: shop.deliveryFee === null ? '' : String(shop.deliveryFee),
    latitude: shop.latitude ?? '',
    longitude: shop.longitude ?? '',
    imageUrl: shop.imageUrl ?? '',
  };
}

export function ShopForm({
  initial = emptyShopForm,
  submitLabel,
  pendingLabel,
  isSaving,
  onSave,
  onCancel,
}: {
  initial?: ShopFormValues;
  submitLabel: string;
  pendingLabel: string;
  isSaving: boolean;
  /** Called with the body once the checks and the look-up are done. */
  onSave: (body: CreateShopBody) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [locating, setLocating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const set = (key: keyof ShopFormValues) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.category || !form.address.trim()) {
      toast({
        title: 'Missing Information',
        description: 'Shop name, category and address are required.',
        variant: 'destructive',
      });
      return;
    }
    let { latitude, longitude } = form;
    // A moved shop whose coordinates were left as they were would keep pointing at the old address.
    const movedWithOldCoordinates =
      form.address.trim() !== initial.address.trim() &&
      latitude === initial.latitude &&
      longitude === initial.longitude;
    if (movedWithOldCoordinates) {
      latitude = '';
      longitude = '';
    }
    if ((!latitude || !longitude) && form.address.trim()) {
      setLocating(true);
      try {
        const found = await geocodeAddress(form.address.trim());
        latitude = found.lat;
        longitude = found.lon;
        setForm((current) => ({ ...current, latitude: found.lat, longitude: found.lon }));
        toast({ title: 'Location found', description: 'Automatically set coordinates from your address.' });
      } catch {
        toast({
          title: 'Location not found',
          description: 'Could not find coordinates for this address. You can add them manually.',
        });
      } finally {
        setLocating(false);
      }
    }
    onSave({
      name: form.name.trim(),
      category: form.category,
      description: form.description.trim() || null,
      address: form.address.trim(),
      phone: form.phone.trim() || null,
      email: form.email.trim() || null,
      deliveryTime: form.deliveryTime.trim() || null,
      deliveryFee: form.deliveryFee === '' ? null : Number(form.deliveryFee),
      latitude: latitude || null,
      longitude: longitude || null,
      imageUrl: form.imageUrl || null,
    });
  };

  const pending = locating || isSaving || uploading;
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <Field id="shop-name" label="Shop Name" required>
        <Input id="shop-name" value={form.name} onChange={set('name')} required />
      </Field>
      <Field id="shop-category" label="Category" required>
        <NativeSelect id="shop-category" value={form.category} onChange={set('category')} required>
          <option value="" disabled>
            Select a category
          </option>
          {shopCategories.map((value) => (
            <option key={value} value={value}>
              {shopCategoryLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="sm:col-span-2">
        <Field id="shop-description" label="Description">
          <Textarea
            id="shop-description"
            rows={3}
            placeholder="What makes your coffee special?"
            value={form.description}
            onChange={set('description')}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <ImageUploadField
          id="shop-photo"
          label="Shop Photo"
          value={form.imageUrl}
          onChange={(url) => setForm((current) => ({ ...current, imageUrl: url ?? '' }))}
          onPendingChange={setUploading}
        />
      </div>
      <div className="sm:col-span-2">
        <Field id="shop-address" label="Address" required>
          <Input
            id="shop-address"
            value={form.address}
            onChange={set('address')}
            required
            placeholder="36 Buitenkant St, Cape Town"
          />
        </Field>
      </div>
      <Field id="shop-phone" label="Phone">
        <Input
          id="shop-phone"
          type="tel"
          autoComplete="tel"
          placeholder="021 123 4567"
          value={form.phone}
          onChange={set('phone')}
        />
      </Field>
      <Field id="shop-email" label="Email">
        <Input
          id="shop-email"
          type="email"
          placeholder="hello@yourshop.co.za"
          value={form.email}
          onChange={set('email')}
        />
      </Field>
      <Field id="shop-delivery-time" label="Delivery Time">
        <Input
          id="shop-delivery-time"
          placeholder="15-25 mins"
          value={form.deliveryTime}
          onChange={set('deliveryTime')}
        />
      </Field>
      <Field id="shop-delivery-fee" label="Delivery Fee">
        <Input
          id="shop-delivery-fee"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          placeholder="Rand, e.g. 15.00"
          value={form.deliveryFee}
          onChange={set('deliveryFee')}
        />
      </Field>
      <fieldset className="grid gap-4 rounded-xl border border-espresso-100 bg-espresso-50/60 p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium text-espresso-900">Coordinates (optional)</legend>
        <p className="-mt-1 text-xs text-espresso-600 sm:col-span-2">
          Leave these empty and we will look them up from the address, so customers can find you with Find
          Near Me.
        </p>
        <Field id="shop-latitude" label="Latitude">
          <Input
            id="shop-latitude"
            inputMode="decimal"
            placeholder="-33.9249"
            value={form.latitude}
            onChange={set('latitude')}
          />
        </Field>
        <Field id="shop-longitude" label="Longitude">
          <Input
            id="shop-longitude"
            inputMode="decimal"
            placeholder="18.4241"
            value={form.longitude}
            onChange={set('longitude')}
          />
        </Field>
      </fieldset>
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end gap-2 border-t border-espresso-100 bg-white px-6 py-4 sm:col-span-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {uploading ? 'Waiting for the photo…' : pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
