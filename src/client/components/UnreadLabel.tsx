// A link's or tab's label with the count of unread messages beside it (issue 32): a red pill for the eye, and one
// phrase for a screen reader ('Messages, 3 unread'). The phrase is whole in one hidden text, as a name put together
// from a visible part and a hidden one gets a stray space ('Messages , 3 unread').
import { cn } from '../ui/cn';

export function UnreadLabel({
  label,
  count,
  badgeClassName,
}: {
  label: string;
  count: number;
  badgeClassName?: string;
}) {
  if (count <= 0) return <>{label}</>;
  return (
    <>
      <span aria-hidden>
        {label}
        <span
          data-testid="unread-badge"
          className={cn(
            'ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 align-middle text-[0.7rem] font-semibold leading-none text-white',
            badgeClassName,
          )}
        >
          {count > 99 ? '99+' : count}
        </span>
      </span>
      <span className="sr-only">
        {label}, {count} unread
      </span>
    </>
  );
}
