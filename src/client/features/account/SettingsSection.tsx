// One titled section of Settings on its own card: a region named by its heading, so it can be found by name.
import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';

export function SettingsSection({
  id,
  title,
  description,
  icon,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** 'danger' for what cannot be undone. */
  tone?: 'plain' | 'danger';
  children: ReactNode;
}) {
  return (
    <Card className={cn('p-5 sm:p-6', tone === 'danger' && 'border-red-200')}>
      <section aria-labelledby={id} className="space-y-4">
        <div className="flex items-start gap-4">
          {icon && (
            <div
              className={cn(
                'flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
                tone === 'danger' ? 'bg-red-50 text-red-700' : 'bg-espresso-100 text-espresso-700',
              )}
            >
              {icon}
            </div>
          )}
          <div className="min-w-0 flex-1">
            <h2
              id={id}
              className={cn(
                'font-display text-xl font-semibold',
                tone === 'danger' ? 'text-red-800' : 'text-espresso-950',
              )}
            >
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-espresso-600">{description}</p>}
          </div>
        </div>
        {children}
      </section>
    </Card>
  );
}
