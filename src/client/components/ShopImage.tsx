// A shop's picture, or a warm illustrated placeholder when the shop has none.

import type { Shop } from '@shared/api/shops';
import { Coffee } from 'lucide-react';
import { cn } from '../ui/cn';

const backgrounds = [
  'from-espresso-700 to-espresso-400',
  'from-amber-800 to-amber-500',
  'from-stone-700 to-orange-400',
  'from-espresso-900 to-espresso-600',
];

export function ShopImage({
  shop,
  className,
}: {
  shop: Pick<Shop, 'id' | 'name' | 'imageUrl'>;
  className?: string;
}) {
  if (shop.imageUrl) {
    return (
      <img src={shop.imageUrl} alt={shop.name} className={cn('object-cover', className)} loading="lazy" />
    );
  }
  return (
    <div
      role="img"
      aria-label={shop.name}
      className={cn(
        'flex items-center justify-center bg-gradient-to-br text-crema',
        backgrounds[shop.id % backgrounds.length],
        className,
      )}
    >
      <Coffee className="h-10 w-10 opacity-80" aria-hidden />
    </div>
  );
}
