// The add / edit form of an option group inside the menu dialog (issue 25): its name, its kind (choose one, optional
// up to N, at least 1 up to N), and its options with price, Default and Sold out.

import { MAX_OPTION_NAME, MAX_OPTION_PRICE_RAND, MAX_OPTIONS_PER_GROUP } from '@shared/api/option-constants';
import type { OptionGroup } from '@shared/api/option-groups';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { NativeSelect } from '../../ui/NativeSelect';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
import { EditorForm } from './EditorForm';
import {
  bodyFromForm,
  emptyOptionGroupForm,
  emptyOptionRow,
  formFromGroup,
  type GroupKind,
  kindLabel,
  type OptionGroupForm,
  type OptionRowForm,
  setDefault,
  upToChoices,
  withKind,
} from './option-group-form';
import { useSaveOptionGroup } from './queries';

const kinds: GroupKind[] = ['one', 'upTo', 'atLeast'];

export function OptionGroupEditor({
  shopId,
  group,
  onDone,
}: {
  shopId: number;
  /** null: a new group. */
  group: OptionGroup | null;
  onDone: () => void;
}) {
  const save = useSaveOptionGroup(shopId);
  const [form, setForm] = useState<OptionGroupForm>(() =>
    group ? formFromGroup(group) : emptyOptionGroupForm(),
  );
  const change = (patch: Partial<OptionGroupForm>) => setForm((current) => ({ ...current, ...patch }));
  const changeRow = (rowKey: string, patch: Partial<OptionRowForm>) =>
    setForm((current) => ({
      ...current,
      options: current.options.map((row) => (row.rowKey === rowKey ? { ...row, ...patch } : row)),
    }));

  const submit = () =>
    save.mutate(
      { id: group?.id ?? null, body: bodyFromForm(shopId, form) },
      {
        onSuccess: (saved) => {
          toast({ title: group ? 'Option group updated' : 'Option group added', description: saved.name });
          onDone();
        },
        // The server's message names the field and the rule (a repeated name, too many defaults).
        onError: (error) =>
          toast({ title: errorMessage(error, 'Failed to save the option group'), variant: 'destructive' }),
      },
    );

  return (
    <EditorForm
      label={group ? 'Edit option group' : 'Add option group'}
      heading={group ? `Edit ${group.name}` : 'Add Option Group'}
      onSubmit={submit}
      onCancel={onDone}
      submitDisabled={save.isPending}
      submitText={save.isPending ? 'Saving...' : group ? 'Save Changes' : 'Add Option Group'}
    >
      <Field id="option-group-name" label="Group name" required>
        <Input
          id="option-group-name"
          value={form.name}
          placeholder="Size, Milk, Extras"
          maxLength={MAX_OPTION_NAME}
          onChange={(event) => change({ name: event.target.value })}
          required
          autoFocus
        />
      </Field>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2">
        <Field id="option-group-kind" label="How many">
          <NativeSelect
            id="option-group-kind"
            value={form.kind}
            onChange={(event) => setForm((current) => withKind(current, event.target.value as GroupKind))}
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind, form)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {form.kind !== 'one' && (
          <Field id="option-group-up-to" label="Up to">
            <NativeSelect
              id="option-group-up-to"
              className="w-20"
              value={form.upTo}
              onChange={(event) => change({ upTo: Number(event.target.value) })}
            >
              {upToChoices.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      </div>

      <fieldset className="min-w-0 space-y-2 sm:col-span-2">
        <legend className="text-sm font-medium text-espresso-900">Options</legend>
        <p className="text-xs text-espresso-600">
          The price is what the option adds to the item (empty for no charge, at most R{MAX_OPTION_PRICE_RAND}
          ). A default is chosen for the customer until they change it.
        </p>
        <ul className="space-y-2">
          {form.options.map((row, index) => (
            <OptionRow
              key={row.rowKey}
              row={row}
              number={index + 1}
              canRemove={form.options.length > 1}
              onChange={(patch) => changeRow(row.rowKey, patch)}
              onDefault={(isDefault) => change({ options: setDefault(form, row.rowKey, isDefault) })}
              onRemove={() =>
                change({ options: form.options.filter((entry) => entry.rowKey !== row.rowKey) })
              }
            />
          ))}
        </ul>
        <Button
          variant="outline"
          size="sm"
          disabled={form.options.length >= MAX_OPTIONS_PER_GROUP}
          onClick={() => change({ options: [...form.options, emptyOptionRow()] })}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add Option
        </Button>
      </fieldset>
    </EditorForm>
  );
}

function OptionRow({
  row,
  number,
  canRemove,
  onChange,
  onDefault,
  onRemove,
}: {
  row: OptionRowForm;
  number: number;
  canRemove: boolean;
  onChange: (patch: Partial<OptionRowForm>) => void;
  onDefault: (isDefault: boolean) => void;
  onRemove: () => void;
}) {
  const id = `option-row-${row.rowKey}`;
  const name = row.name.trim() || `option ${number}`;
  return (
    // On a phone: the name and its remove button on one row, price, Default and Sold out under them; one row wider.
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 rounded-lg border border-espresso-100 p-2 sm:flex sm:border-0 sm:p-0">
      <Input
        aria-label={`Option ${number} name`}
        className="min-w-0 sm:flex-1"
        placeholder="Oat milk"
        maxLength={MAX_OPTION_NAME}
        value={row.name}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <Button
        size="icon"
        variant="ghost"
        className="h-8 w-8 sm:order-last"
        disabled={!canRemove}
        onClick={onRemove}
        aria-label={`Remove ${name}`}
      >
        <X className="h-4 w-4" aria-hidden />
      </Button>
      <div className="col-span-2 flex flex-wrap items-center gap-3 sm:contents">
        <div className="relative w-24 shrink-0">
          <span className="pointer-events-none absolute top-2.5 left-3 text-sm text-espresso-500" aria-hidden>
            +R
          </span>
          <Input
            aria-label={`Option ${number} price (R)`}
            className="pl-8"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder="0.00"
            value={row.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
        </div>
        <label className="flex items-center gap-1.5 text-xs font-medium text-espresso-900">
          <input
            type="checkbox"
            className="h-4 w-4 accent-espresso-700"
            checked={row.isDefault}
            onChange={(event) => onDefault(event.target.checked)}
            aria-label={`Default: ${name}`}
          />
          <span aria-hidden>Default</span>
        </label>
        <div className="flex items-center gap-1.5">
          <Switch
            id={`${id}-sold-out`}
            checked={!row.isAvailable}
            onCheckedChange={(soldOut) => onChange({ isAvailable: !soldOut })}
            aria-label={`Sold out: ${name}`}
          />
          <Label htmlFor={`${id}-sold-out`} className="text-xs" aria-hidden>
            Sold out
          </Label>
        </div>
      </div>
    </li>
  );
}
