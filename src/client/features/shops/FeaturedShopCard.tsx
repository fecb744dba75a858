// A featured shop on the landing page: picture, name, rating, category, address and the chat button; the
// picture and name open the shop's page.
import { shopCategoryLabels } from '@shared/api/shop-constants';
import type { Shop } from '@shared/api/shops';
import { MapPin, MessageCircle, Star } from 'lucide-react';
import { Link } from 'wouter';
import { OpenNowLine } from '../../components/OpenNowLine';
import { ShopImage } from '../../components/ShopImage';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

export function FeaturedShopCard({ shop, isSignedIn }: { shop: Shop; isSignedIn: boolean }) {
  return (
    <Card
      className="group flex flex-col overflow-hidden transition-shadow hover:shadow-md"
      data-testid="featured-shop"
    >
      <div className="relative">
        <Link href={`/shops/${shop.id}`} tabIndex={-1} aria-hidden>
          <ShopImage shop={shop} className="h-44 w-full" />
        </Link>
        <Badge tone="promoted" className="absolute top-3 left-3 shadow">
          Featured
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-display text-lg font-semibold leading-snug">
            <Link href={`/shops/${shop.id}`} className="hover:underline">
              {shop.name}
            </Link>
          </h3>
          <span
            className="flex shrink-0 items-center gap-1 text-sm font-semibold text-espresso-900"
            title={`Rated ${shop.rating} out of 5`}
          >
            <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
            {shop.rating}
          </span>
        </div>
        <p className="text-sm font-medium text-espresso-600">{shopCategoryLabels[shop.category]}</p>
        <p className="flex items-start gap-1.5 text-sm text-espresso-700">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {shop.address}
        </p>
        <OpenNowLine shop={shop} />
        <Button asChild className="mt-auto w-full">
          {isSignedIn ? (
            <Link href={`/messages?shop=${shop.id}`}>
              <MessageCircle className="h-4 w-4" aria-hidden />
              Start Chatting
            </Link>
          ) : (
            <Link href="/auth">Sign Up to Chat</Link>
          )}
        </Button>
      </div>
    </Card>
  );
}
