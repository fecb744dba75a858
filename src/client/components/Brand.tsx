// The brand mark: cup icon and name, linking home.
import { Coffee } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../ui/cn';

export function Brand({ onNavigate, tone = 'dark' }: { onNavigate?: () => void; tone?: 'dark' | 'light' }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className={cn(
        'flex w-fit items-center gap-2 rounded-lg font-display text-xl font-bold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500',
        tone === 'dark' ? 'text-espresso-900' : 'text-crema',
      )}
    >
      <span
        className={cn(
          'flex h-9 w-9 items-center justify-center rounded-xl',
          tone === 'dark' ? 'bg-espresso-800 text-crema' : 'bg-espresso-500 text-white',
        )}
      >
        <Coffee className="h-5 w-5" aria-hidden />
      </span>
      Brew Connect
    </Link>
  );
}
