// The tabs primitive (Radix), styled.
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex max-w-full gap-1 overflow-x-auto rounded-xl bg-espresso-100 p-1 w-fit', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'shrink-0 rounded-lg px-4 py-1.5 text-sm font-medium text-espresso-700 transition-colors hover:text-espresso-950',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500',
        'data-[state=active]:bg-white data-[state=active]:text-espresso-950 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;
