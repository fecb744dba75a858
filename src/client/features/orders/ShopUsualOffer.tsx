// The shop page's usual (issue 29): a signed-in customer's most ordered basket here, offered above the menu; nothing
// at all while it loads, when there is none, or for anyone else. The offer's code is a chunk of its own, which
// visitors never load; a customer's page asks for it as it asks for the usual (preloadUsualOffer), so it shows with
// the usual rather than after it.
import type { Shop } from '@shared/api/shops';
import { lazy, Suspense } from 'react';
import { useUsual } from './queries';

const loadUsualOffer = () => import('./UsualOffer');
const UsualOffer = lazy(() => loadUsualOffer().then((module) => ({ default: module.UsualOffer })));

/** Starts loading the offer's code: called by the shop page for a signed-in customer. */
export function preloadUsualOffer() {
  void loadUsualOffer();
}

export function ShopUsualOffer({ shop }: { shop: Shop }) {
  const usual = useUsual(shop.id);
  if (!usual.data) return null;
  return (
    <Suspense fallback={null}>
      <UsualOffer shop={shop} usual={usual.data} />
    </Suspense>
  );
}
