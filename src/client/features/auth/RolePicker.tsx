// Choose the account type: 'Coffee Lover' (customer) or 'Coffee Shop Owner' (shop_owner).

import type { Role } from '@shared/api/auth';
import { Coffee, Store } from 'lucide-react';
import { cn } from '../../ui/cn';

const options: { value: Role; label: string; icon: typeof Coffee }[] = [
  { value: 'customer', label: 'Coffee Lover', icon: Coffee },
  { value: 'shop_owner', label: 'Coffee Shop Owner', icon: Store },
];

export function RolePicker({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-espresso-900">Account Type</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map(({ value: option, label, icon: Icon }) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 p-3 text-center text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-espresso-500',
              value === option
                ? 'border-espresso-700 bg-espresso-50 text-espresso-950'
                : 'border-espresso-100 text-espresso-600 hover:border-espresso-300',
            )}
          >
            <input
              type="radio"
              name="role"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            <Icon className="h-5 w-5" aria-hidden />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
