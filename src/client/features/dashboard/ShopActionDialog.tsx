// Opens one of a shop's owner dialogs (menu, hours, edit, promote, analytics) from Quick Actions, a shop card or its
// setup checklist.
import type { Shop } from '@shared/api/shops';
import { Dialog } from '../../ui/Dialog';
import { AnalyticsDialog } from '../analytics/AnalyticsDialog';
import { HoursDialog } from '../hours/HoursDialog';
import { MenuDialog } from '../menu/MenuDialog';
import { PromoteDialog } from '../promotions/PromoteDialog';
import { EditShopDialog } from './EditShopDialog';

export type ShopAction = 'menu' | 'hours' | 'edit' | 'payouts' | 'promote' | 'analytics';
export interface OpenShopAction {
  action: ShopAction;
  shop: Shop;
}

/** The checklist's 'Set up payouts': the Edit dialog, opened on its Payments tab rather than on the details. */
function EditShopPayouts(props: { shop: Shop; onDone: () => void }) {
  return <EditShopDialog {...props} initialTab="payments" />;
}

const dialogs = {
  menu: MenuDialog,
  hours: HoursDialog,
  edit: EditShopDialog,
  payouts: EditShopPayouts,
  promote: PromoteDialog,
  analytics: AnalyticsDialog,
} satisfies Record<ShopAction, (props: { shop: Shop; onDone: () => void }) => unknown>;

export function ShopActionDialog({ open, onClose }: { open: OpenShopAction | null; onClose: () => void }) {
  const Content = open ? dialogs[open.action] : null;
  return (
    <Dialog open={open !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {open && Content && <Content shop={open.shop} onDone={onClose} />}
    </Dialog>
  );
}
