// The add / edit form of a menu item inside the menu dialog (spec §2, §5): every field of spec §3, and the option
// groups it offers (issue 25).
import { type MenuCategory, type MenuItem, menuCategories, menuCategoryLabels } from '@shared/api/menu';
import { useState } from 'react';
import { ImageUploadField } from '../../components/ImageUploadField';
import { errorMessage } from '../../lib/api';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { NativeSelect } from '../../ui/NativeSelect';
import { Switch } from '../../ui/Switch';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast-store';
import { EditorForm } from './EditorForm';
import { bodyFromForm, emptyMenuItemForm, formFromItem, type MenuItemForm } from './menu-item-form';
import { OptionGroupPicker } from './OptionGroupPicker';
import { useSaveMenuItem } from './queries';

type TextField = Exclude<keyof MenuItemForm, 'isVegan' | 'isGlutenFree' | 'isAvailable' | 'optionGroupIds'>;
type FlagField = 'isVegan' | 'isGlutenFree' | 'isAvailable';

export function MenuItemEditor({
  shopId,
  item,
  onDone,
}: {
  shopId: number;
  /** null: a new item. */
  item: MenuItem | null;
  onDone: () => void;
}) {
  const save = useSaveMenuItem(shopId);
  const [form, setForm] = useState<MenuItemForm>(item ? formFromItem(item) : emptyMenuItemForm);
  const [uploading, setUploading] = useState(false);
  const setText = (key: TextField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const setFlag = (key: FlagField) => (checked: boolean) =>
    setForm((current) => ({ ...current, [key]: checked }));

  const submit = () =>
    save.mutate(
      { id: item?.id ?? null, body: bodyFromForm(shopId, form) },
      {
        onSuccess: (saved) => {
          toast({ title: item ? 'Menu item updated' : 'Menu item added', description: saved.name });
          onDone();
        },
        // Spec §8: menu item failures show the server's message, which names the field.
        onError: (error) =>
          toast({ title: errorMessage(error, 'Failed to save menu item'), variant: 'destructive' }),
      },
    );

  const flags: { key: FlagField; label: string }[] = [
    { key: 'isAvailable', label: 'Available' },
    { key: 'isVegan', label: 'Vegan' },
    { key: 'isGlutenFree', label: 'Gluten-free' },
  ];

  return (
    <EditorForm
      label={item ? 'Edit item' : 'Add item'}
      heading={item ? `Edit ${item.name}` : 'Add Item'}
      onSubmit={submit}
      onCancel={onDone}
      submitDisabled={save.isPending || uploading}
      submitText={
        uploading
          ? 'Waiting for the photo…'
          : save.isPending
            ? 'Saving...'
            : item
              ? 'Save Changes'
              : 'Add Item'
      }
    >
      <Field id="menu-name" label="Name" required>
        <Input
          id="menu-name"
          value={form.name}
          onChange={setText('name')}
          required
          maxLength={100}
          autoFocus
        />
      </Field>
      <Field id="menu-category" label="Category" required>
        <NativeSelect
          id="menu-category"
          value={form.category}
          onChange={(event) =>
            setForm((current) => ({ ...current, category: event.target.value as MenuCategory }))
          }
        >
          {menuCategories.map((category) => (
            <option key={category} value={category}>
              {menuCategoryLabels[category]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="menu-price" label="Price (R)" required>
        <Input
          id="menu-price"
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
          placeholder="32.50"
          value={form.price}
          onChange={setText('price')}
          required
        />
      </Field>
      <Field id="menu-preparation" label="Preparation Time">
        <Input
          id="menu-preparation"
          placeholder="5-10 mins"
          value={form.preparationTime}
          onChange={setText('preparationTime')}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id="menu-description" label="Description">
          <Textarea
            id="menu-description"
            rows={2}
            maxLength={500}
            value={form.description}
            onChange={setText('description')}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <ImageUploadField
          id="menu-image"
          label="Item Photo"
          value={form.imageUrl}
          onChange={(url) => setForm((current) => ({ ...current, imageUrl: url ?? '' }))}
          onPendingChange={setUploading}
        />
      </div>
      <Field id="menu-ingredients" label="Ingredients" hint="Separate with commas">
        <Input
          id="menu-ingredients"
          placeholder="espresso, steamed milk"
          value={form.ingredients}
          onChange={setText('ingredients')}
        />
      </Field>
      <Field id="menu-allergens" label="Allergens" hint="Separate with commas">
        <Input
          id="menu-allergens"
          placeholder="milk"
          value={form.allergens}
          onChange={setText('allergens')}
        />
      </Field>
      <Field id="menu-calories" label="Calories">
        <Input
          id="menu-calories"
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          value={form.calories}
          onChange={setText('calories')}
        />
      </Field>
      <OptionGroupPicker
        shopId={shopId}
        value={form.optionGroupIds}
        onChange={(optionGroupIds) => setForm((current) => ({ ...current, optionGroupIds }))}
      />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3 sm:col-span-2">
        {flags.map(({ key, label }) => (
          <div key={key} className="flex items-center gap-2">
            <Switch id={`menu-${key}`} checked={form[key]} onCheckedChange={setFlag(key)} />
            <Label htmlFor={`menu-${key}`}>{label}</Label>
          </div>
        ))}
      </div>
    </EditorForm>
  );
}
