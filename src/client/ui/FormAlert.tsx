// A form's error, in words a person reads (the server's { message } as it is), announced when it appears.
import type { ReactNode } from 'react';
import { cn } from './cn';

export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cn('rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800', className)}>
      {children}
    </p>
  );
}
