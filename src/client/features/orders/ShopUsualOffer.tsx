// The shop page's usual (issue 29): a signed-in customer's most ordered basket here, offered above the menu; nothing
// at all while it loads, when there is none, or for anyone else.
import type { Shop } from '@shared/api/shops';
import { useUsual } from './queries';
import { UsualOffer } from './UsualOffer';

export function ShopUsualOffer({ shop }: { shop: Shop }) {
  const usual = useUsual(shop.id);
  if (!usual.data) return null;
  return <UsualOffer shop={shop} usual={usual.data} />;
}
