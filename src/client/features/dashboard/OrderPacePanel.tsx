// A shop's Orders settings (issue 30), a tab of its Edit dialog: how soon the first pickup can be (prep minutes),
// how many orders one 15-minute pickup slot takes (or no limit), and how long a new order may wait for a Confirm
// before the server cancels it. Saved with PUT /api/coffee-shops/{id}; a refusal is shown under the field it names.
import {
  MAX_AUTO_CANCEL_MINUTES,
  MAX_ORDERS_PER_SLOT,
  MAX_PREP_MINUTES,
  MIN_AUTO_CANCEL_MINUTES,
  MIN_PREP_MINUTES,
} from '@shared/api/shop-constants';
import type { Shop, UpdateShopBody } from '@shared/api/shops';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage, errorStatus } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { toast } from '../../ui/toast-store';
import { useUpdateShop } from '../shops/queries';
import { type PaceField, type PaceForm, paceBody, paceErrors, paceFormFrom } from './pace-form';

export function OrderPacePanel({ shop, onDone }: { shop: Shop; onDone: () => void }) {
  const update = useUpdateShop(shop.id);
  const [form, setForm] = useState<PaceForm>(() => paceFormFrom(shop));
  const [errors, setErrors] = useState<Partial<Record<PaceField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const set =
    (key: 'prepMinutes' | 'maxOrdersPerSlot' | 'autoCancelMinutes') =>
    (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setGeneral(null);
    // Sent as typed: the server's schema holds the ranges, and names the field it refuses.
    update.mutate(paceBody(form) as UpdateShopBody, {
      onSuccess: () => {
        toast({ title: 'Order settings saved', description: `${shop.name} paces its orders the new way.` });
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Could not save the order settings. Please try again.');
        if (errorStatus(error) === 400) {
          const split = paceErrors(message);
          setErrors(split.fields);
          setGeneral(split.general);
        } else setGeneral(message);
      },
    });
  };

  return (
    <form className="space-y-5" onSubmit={save} noValidate>
      <NumberField
        id="pace-prep"
        label="Prep time (minutes)"
        hint={`How soon after ordering the first pickup can be: ${MIN_PREP_MINUTES}–${MAX_PREP_MINUTES} minutes.`}
        error={errors.prepMinutes}
        value={form.prepMinutes}
        onChange={set('prepMinutes')}
        min={MIN_PREP_MINUTES}
        max={MAX_PREP_MINUTES}
      />

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-espresso-900">Orders per 15-minute pickup slot</legend>
        <label className="flex items-center gap-2 text-sm text-espresso-800">
          <input
            type="checkbox"
            className="h-4 w-4 accent-espresso-700"
            checked={!form.hasSlotLimit}
            onChange={(event) => setForm((current) => ({ ...current, hasSlotLimit: !event.target.checked }))}
          />
          No limit
        </label>
        {form.hasSlotLimit && (
          <NumberField
            id="pace-slot-limit"
            label="At most this many orders per slot"
            hint={`1–${MAX_ORDERS_PER_SLOT}. A full slot is not offered at checkout; customers see the next free one.`}
            error={errors.maxOrdersPerSlot}
            value={form.maxOrdersPerSlot}
            onChange={set('maxOrdersPerSlot')}
            min={1}
            max={MAX_ORDERS_PER_SLOT}
          />
        )}
        {!form.hasSlotLimit && errors.maxOrdersPerSlot && (
          <FieldError id="pace-slot-limit-error">{errors.maxOrdersPerSlot}</FieldError>
        )}
      </fieldset>

      <NumberField
        id="pace-auto-cancel"
        label="Auto-cancel after (minutes)"
        hint={`A new order nobody confirms within this time is cancelled and the customer told: ${MIN_AUTO_CANCEL_MINUTES}–${MAX_AUTO_CANCEL_MINUTES} minutes.`}
        error={errors.autoCancelMinutes}
        value={form.autoCancelMinutes}
        onChange={set('autoCancelMinutes')}
        min={MIN_AUTO_CANCEL_MINUTES}
        max={MAX_AUTO_CANCEL_MINUTES}
      />

      <p className="text-sm text-espresso-600">
        In a rush, the orders board's <span className="font-medium">Busy: +15 min</span> pushes every pickup
        back for an hour.
      </p>
      {general && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {general}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Order Settings'}
        </Button>
      </div>
    </form>
  );
}

function NumberField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  min,
  max,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  min: number;
  max: number;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={onChange}
        className="max-w-32 aria-[invalid=true]:border-red-600"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="text-xs text-espresso-500">
        {hint}
      </p>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-red-800" role="alert">
      {children}
    </p>
  );
}
