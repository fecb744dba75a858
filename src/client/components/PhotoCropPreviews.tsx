// The uploaded photo as each place will cut it (object-cover, centred), so an owner sees a shop photo's crop on the
// cards and on the shop page before saving (issue 32).
import type { PhotoCrop } from './shop-photo-crops';

export function PhotoCropPreviews({
  url,
  label,
  crops,
}: {
  url: string;
  label: string;
  crops: readonly PhotoCrop[];
}) {
  return (
    <div className="grid gap-1.5" data-testid="photo-crops">
      <p className="text-xs font-medium text-espresso-700">How it will be cropped</p>
      <div className="flex flex-wrap items-end gap-3">
        {crops.map((crop) => (
          <figure key={crop.label} className="grid gap-1">
            <img
              src={url}
              alt={`${label} ${crop.label.toLowerCase()}`}
              // One height for every shape, so each is as wide as its ratio makes it: 144 px for a card, 280 px for a page.
              style={{ aspectRatio: crop.aspectRatio }}
              className="h-16 w-auto max-w-none rounded-md border border-espresso-200 bg-espresso-50 object-cover"
            />
            <figcaption className="text-xs text-espresso-600">{crop.label}</figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}
