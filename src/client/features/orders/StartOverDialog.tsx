// Asked before a cart of one shop is thrown away for another's: a cart holds one shop's items at a time.
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';

export function StartOverDialog({
  open,
  currentShopName,
  newShopName,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  currentShopName: string;
  newShopName: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      {open && (
        <DialogContent
          title="Start a new order?"
          description={`Your cart holds items from ${currentShopName}. An order comes from one shop, so adding from ${newShopName} empties it first.`}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              Keep Current Cart
            </Button>
            <Button onClick={onConfirm}>Start New Order</Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
