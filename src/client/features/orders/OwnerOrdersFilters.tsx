// The Orders tab's choices: which shop (for an owner with several), which status, and in which order (issue 32).
import type { Shop } from '@shared/api/shops';
import { type OrderStatus, orderStatuses, orderStatusLabel } from '@shared/domain/order-status';
import type { ReactNode } from 'react';
import { Label } from '../../ui/Label';
import { NativeSelect } from '../../ui/NativeSelect';
import type { OrderSort } from './order-sort';

export interface OwnerOrdersFilterValues {
  /** null: all the owner's shops. */
  shopId: number | null;
  status: OrderStatus | '';
  sort: OrderSort;
}

export function OwnerOrdersFilters({
  shops,
  values,
  onChange,
}: {
  shops: Pick<Shop, 'id' | 'name'>[];
  values: OwnerOrdersFilterValues;
  onChange: (change: Partial<OwnerOrdersFilterValues>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {shops.length > 1 && (
        <LabelledSelect id="order-shop-filter" label="Shop">
          <NativeSelect
            id="order-shop-filter"
            value={values.shopId ?? ''}
            onChange={(event) => onChange({ shopId: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">All shops</option>
            {shops.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </NativeSelect>
        </LabelledSelect>
      )}
      <LabelledSelect id="order-status-filter" label="Status">
        <NativeSelect
          id="order-status-filter"
          value={values.status}
          onChange={(event) => onChange({ status: event.target.value as OrderStatus | '' })}
        >
          <option value="">All orders</option>
          {orderStatuses.map((value) => (
            <option key={value} value={value}>
              {orderStatusLabel(value)}
            </option>
          ))}
        </NativeSelect>
      </LabelledSelect>
      <LabelledSelect id="order-sort" label="Sort">
        <NativeSelect
          id="order-sort"
          value={values.sort}
          onChange={(event) => onChange({ sort: event.target.value as OrderSort })}
        >
          <option value="pickup">Pickup time, soonest first</option>
          <option value="placed">Newest placed first</option>
        </NativeSelect>
      </LabelledSelect>
    </div>
  );
}

function LabelledSelect({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    // On a phone each choice takes the row, its label in a column of its own, so the three line up; wider, each
    // select is as wide as its longest option.
    <div className="flex w-full items-center gap-2 sm:w-auto">
      <Label htmlFor={id} className="w-12 shrink-0 sm:w-auto">
        {label}
      </Label>
      <div className="min-w-0 flex-1 sm:max-w-xs sm:flex-none">{children}</div>
    </div>
  );
}
