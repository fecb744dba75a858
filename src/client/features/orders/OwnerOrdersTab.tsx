// The dashboard's Orders tab (spec §2): the owner's orders, newest first, with the next actions.
import { Card } from '../../ui/Card';

export function OwnerOrdersTab() {
  // Built by its issue.
  return (
    <Card className="p-8 text-center text-espresso-600">
      No orders yet. Orders will appear here when customers place them.
    </Card>
  );
}
