// The shapes a shop's photo is shown in, for the owner's crop preview (issue 32). They follow the layouts: a card's
// picture is h-40 (160 px) across a third of the 1,120 px page (ShopCard, ShopGrid), the shop page's is sm:h-64
// (256 px) across all of it (ShopHeader). Change these with those.
export interface PhotoCrop {
  /** Where the photo is shown this way, as the owner reads it. */
  label: string;
  /** Width over height, as CSS aspect-ratio takes it. */
  aspectRatio: string;
}

export const shopPhotoCrops: readonly PhotoCrop[] = [
  { label: 'On shop cards', aspectRatio: '9 / 4' },
  { label: 'On your shop page', aspectRatio: '35 / 8' },
];
