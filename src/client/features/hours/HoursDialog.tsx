// The business hours dialog (spec §2, §9): one row per day, presets, special days.
import type { Shop } from '@shared/api/shops';
import { Button } from '../../ui/Button';
import { DialogContent } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { useBusinessHours } from './queries';
import { SpecialDaysSection } from './SpecialDaysSection';
import { WeeklyHoursForm } from './WeeklyHoursForm';

export function HoursDialog({ shop }: { shop: Shop; onDone: () => void }) {
  const hours = useBusinessHours(shop.id);
  return (
    <DialogContent
      title={`Business Hours - ${shop.name}`}
      description="Times are South African (Johannesburg) time."
      // Wide enough for the three presets, each with what it does to the other days, side by side.
      className="sm:max-w-3xl"
    >
      <div className="space-y-6">
        {hours.isLoading ? (
          <Spinner label="Loading hours..." />
        ) : hours.isError ? (
          <div className="py-6 text-center">
            <p className="text-espresso-700">Could not load the business hours.</p>
            <Button variant="outline" className="mt-3" onClick={() => void hours.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <WeeklyHoursForm shopId={shop.id} rows={hours.data ?? []} />
            {/* After the week, so the dialog's first focus is never the date field at the bottom. */}
            <SpecialDaysSection shopId={shop.id} />
          </>
        )}
      </div>
    </DialogContent>
  );
}
