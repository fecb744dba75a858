// The text input primitive.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export const inputClass =
  'w-full rounded-lg border border-espresso-200 bg-white px-3 py-2 text-sm text-espresso-950 placeholder:text-espresso-400 focus:border-espresso-500 focus:outline-none focus:ring-2 focus:ring-espresso-200 disabled:opacity-60';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => (
    <input ref={ref} className={cn(inputClass, 'h-10', className)} {...props} />
  ),
);
Input.displayName = 'Input';
