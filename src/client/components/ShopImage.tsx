// A shop's picture (lazy, sized so nothing shifts), or a warm illustrated placeholder when it has none or the
// photo cannot be loaded.

import type { Shop } from '@shared/api/shops';
import { THUMBNAIL_WIDTH, thumbnailUrl, UPLOAD_FULL_WIDTH } from '@shared/api/uploads';
import { Coffee } from 'lucide-react';
import { useState } from 'react';
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
  sizes = `(min-width: 640px) ${THUMBNAIL_WIDTH}px, 100vw`,
}: {
  shop: Pick<Shop, 'id' | 'name' | 'imageUrl'>;
  className?: string;
  /** How wide the picture shows (the img sizes attribute): a card by default; the shop page passes its own. */
  sizes?: string;
}) {
  // Remembers which URL failed, so a new photo gets its own try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const background = backgrounds[shop.id % backgrounds.length];
  if (shop.imageUrl && failedUrl !== shop.imageUrl) {
    const thumbnail = thumbnailUrl(shop.imageUrl);
    return (
      <img
        src={thumbnail}
        // Our own uploads come in two widths; a link to elsewhere is what it is.
        srcSet={
          thumbnail === shop.imageUrl
            ? undefined
            : `${thumbnail} ${THUMBNAIL_WIDTH}w, ${shop.imageUrl} ${UPLOAD_FULL_WIDTH}w`
        }
        sizes={sizes}
        alt={shop.name}
        // The box is sized by className; width and height give the browser the ratio before the file arrives.
        width={THUMBNAIL_WIDTH}
        height={300}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(shop.imageUrl)}
        className={cn('bg-gradient-to-br object-cover', background, className)}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={shop.name}
      className={cn('flex items-center justify-center bg-gradient-to-br text-crema', background, className)}
    >
      <Coffee className="h-10 w-10 opacity-80" aria-hidden />
    </div>
  );
}
