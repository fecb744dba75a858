// The brand mark: cup icon and name, linking home.
import { Coffee } from 'lucide-react';
import { Link } from 'wouter';

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className="flex items-center gap-2 font-display text-xl font-bold text-espresso-900"
    >
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-espresso-800 text-crema">
        <Coffee className="h-5 w-5" aria-hidden />
      </span>
      Brew Connect
    </Link>
  );
}
