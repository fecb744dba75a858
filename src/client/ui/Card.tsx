// A white card surface.
import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('rounded-2xl border border-espresso-100 bg-white shadow-sm', className)} {...props} />
  );
}
