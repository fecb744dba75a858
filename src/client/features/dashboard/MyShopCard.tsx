// One of the owner's shops on the overview: name, Featured badge, rating, category, its dialogs and the orders switch.

import { shopCategoryLabels } from '@shared/api/shop-constants';
import type { Shop } from '@shared/api/shops';
import { isFeatured } from '@shared/domain/featured';
import { ratingLabel } from '@shared/domain/rating';
import { MapPin, Star } from 'lucide-react';
import { Link } from 'wouter';
import { OpenNowLine } from '../../components/OpenNowLine';
import { ShopImage } from '../../components/ShopImage';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { AcceptingOrdersSwitch } from '../orders/AcceptingOrdersSwitch';
import { SetupChecklist } from './SetupChecklist';
import type { OpenShopAction } from './ShopActionDialog';

export function MyShopCard({ shop, onAction }: { shop: Shop; onAction: (open: OpenShopAction) => void }) {
  const open = (action: OpenShopAction['action']) => onAction({ action, shop });
  return (
    <Card
      className="flex min-w-0 flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-center"
      data-testid="my-shop"
    >
      <ShopImage
        shop={shop}
        className="hidden h-16 w-16 shrink-0 rounded-xl sm:flex [&_svg]:h-6 [&_svg]:w-6"
      />
      {/* A basis, so the actions wrap below rather than squeeze the name to a word a line. */}
      <div className="min-w-0 flex-1 sm:basis-56">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-espresso-950">
          {shop.name}
          {isFeatured(shop) && <Badge tone="promoted">Featured</Badge>}
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-1 text-sm text-espresso-600">
          <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
          <span className="font-medium text-espresso-900">{ratingLabel(shop)}</span>
          <span aria-hidden>·</span>
          {shopCategoryLabels[shop.category]}
        </p>
        <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-espresso-500">
          <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
          <span className="truncate">{shop.address}</span>
        </p>
        <OpenNowLine shop={shop} compact className="mt-0.5" />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="accent" onClick={() => open('promote')}>
            Promote
          </Button>
          <Button size="sm" variant="outline" onClick={() => open('edit')}>
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={() => open('menu')}>
            Menu
          </Button>
          <Button size="sm" variant="outline" onClick={() => open('hours')}>
            Hours
          </Button>
          <Button size="sm" variant="outline" onClick={() => open('analytics')}>
            Analytics
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-xs">
          <AcceptingOrdersSwitch shop={shop} />
          <Link href={`/shops/${shop.id}`} className="font-medium text-espresso-700 underline">
            View shop page
          </Link>
          <Link
            href={`/discover?search=${encodeURIComponent(shop.name)}`}
            className="font-medium text-espresso-700 underline"
          >
            Preview as customer
          </Link>
        </div>
      </div>
      <SetupChecklist shop={shop} onOpen={open} />
    </Card>
  );
}
