// The Edit and Delete icon buttons of a row in the menu dialog (an item, an option group), named after the row.
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button';

export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button size="icon" variant="ghost" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        className="text-red-700 hover:bg-red-50"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
    </>
  );
}
