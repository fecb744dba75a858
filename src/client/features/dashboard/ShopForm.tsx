// The coffee shop form of spec §2 (Create Coffee Shop) shared by Create and Edit: the fields, the required
// checks, and the shop's pin (spec §5 Geocoding on submit, issue 31): never saved without a location unasked.

import {
  type CreateShopBody,
  type Shop,
  type ShopCategory,
  shopCategories,
  shopCategoryLabels,
} from '@shared/api/shops';
import { type FormEvent, useState } from 'react';
import { ImageUploadField } from '../../components/ImageUploadField';
import { shopPhotoCrops } from '../../components/shop-photo-crops';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { NativeSelect } from '../../ui/NativeSelect';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast-store';
import { ShopLocationField } from './ShopLocationField';
import { type PinForSave, useShopLocation } from './use-shop-location';

export const emptyShopForm = {
  name: '',
  category: '' as ShopCategory | '',
  description: '',
  address: '',
  phone: '',
  email: '',
  deliveryTime: '',
  deliveryFee: '',
  /** Where the pin starts; the pin itself lives in useShopLocation. */
  latitude: '',
  longitude: '',
  locationApproximate: false,
  imageUrl: '',
};
export type ShopFormValues = typeof emptyShopForm;
type TextField = Exclude<keyof ShopFormValues, 'locationApproximate'>;

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
    locationApproximate: shop.locationApproximate,
    imageUrl: shop.imageUrl ?? '',
  };
}

/**
 * The one toast after a save (spec §9 words). Saved without a location, it says what that costs, so no shop
 * drops out of Near Me unnoticed (issue 31).
 */
export function savedMessage(done: 'created' | 'updated', body: CreateShopBody): string {
  const saved = `Coffee shop ${done} successfully!`;
  return body.latitude === null
    ? `${saved} Customers won't find you with Near Me until you place its pin.`
    : saved;
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
  const set = (key: TextField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const pin = useShopLocation(initial);
  // Bumped when a save stops to ask for the pin: the question is brought into view and said again.
  const [askedForPin, setAskedForPin] = useState(0);

  /** The chosen category once the required fields are filled; null (and the toast) otherwise. */
  const checkedCategory = (): ShopCategory | null => {
    if (form.name.trim() && form.category && form.address.trim()) return form.category;
    toast({
      title: 'Missing Information',
      description: 'Shop name, category and address are required.',
      variant: 'destructive',
    });
    return null;
  };

  /** The body with the pin, or with no location at all when the owner chose to save without one. */
  const save = (category: ShopCategory, where: Extract<PinForSave, { kind: 'pin' }> | null) =>
    onSave({
      name: form.name.trim(),
      category,
      description: form.description.trim() || null,
      address: form.address.trim(),
      phone: form.phone.trim() || null,
      email: form.email.trim() || null,
      deliveryTime: form.deliveryTime.trim() || null,
      deliveryFee: form.deliveryFee === '' ? null : Number(form.deliveryFee),
      latitude: where?.latitude ?? null,
      longitude: where?.longitude ?? null,
      locationApproximate: where?.approximate,
      imageUrl: form.imageUrl || null,
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const category = checkedCategory();
    if (!category) return;
    setLocating(true);
    const where = await pin.pinForSave(form.address.trim()).finally(() => setLocating(false));
    if (where.kind === 'ask') {
      // One message, where the pin is asked for: no toast that the success toast would replace at once.
      setAskedForPin((count) => count + 1);
      return;
    }
    save(category, where);
  };

  const saveWithoutLocation = () => {
    const category = checkedCategory();
    if (category) save(category, null);
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
          crops={shopPhotoCrops}
        />
      </div>
      <div className="sm:col-span-2">
        <ShopLocationField
          address={form.address}
          onAddressChange={(address) => setForm((current) => ({ ...current, address }))}
          pin={pin}
          askedForPin={askedForPin}
          disabled={pending}
          onSaveWithoutLocation={saveWithoutLocation}
        />
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
