// A styled native <select>: the platform's own picker on phones, and it works with label lookup and selectOption.
import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { inputClass } from './Input';

export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, children, ...props }, ref) => (
    <div className="relative">
      <select
        ref={ref}
        className={cn(inputClass, 'h-10 cursor-pointer appearance-none pr-9', className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-3 right-3 h-4 w-4 text-espresso-500"
        aria-hidden
      />
    </div>
  ),
);
NativeSelect.displayName = 'NativeSelect';
