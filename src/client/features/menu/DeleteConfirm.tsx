// The confirm step under a row the owner asked to delete: it takes focus on its safe choice, Keep.
import { Button } from '../../ui/Button';

export function DeleteConfirm({
  name,
  text,
  isPending,
  onKeep,
  onDelete,
}: {
  name: string;
  /** What deleting does, after 'Delete {name}?'. */
  text: string;
  isPending: boolean;
  onKeep: () => void;
  onDelete: () => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-label={`Delete ${name}?`}
      className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
    >
      <p>
        Delete {name}? {text}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={onKeep} autoFocus>
          Keep
        </Button>
        <Button size="sm" variant="destructive" onClick={onDelete} disabled={isPending}>
          {isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </div>
  );
}
