// One figure on the dashboard overview: a label, a big value and an icon.
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../ui/Card';

export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string | number;
  /** Said after the value, smaller: '· 3 cancelled'. */
  detail?: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm text-espresso-600">{label}</p>
        <p className="mt-1 font-display text-2xl font-bold text-espresso-950 sm:text-3xl">
          {value}
          {detail && <span className="ml-1.5 font-sans text-sm font-medium text-espresso-600">{detail}</span>}
        </p>
      </div>
      <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-espresso-100 text-espresso-700 sm:flex">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
    </Card>
  );
}
