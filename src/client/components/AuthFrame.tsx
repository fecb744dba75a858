// The frame of the sign-in and sign-up screens: a brand panel on wide screens, the form card, a way home.
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../ui/Card';
import { Brand } from './Brand';
import { MAIN_ID, SkipLink } from './SkipLink';

const promises = [
  'Discover independent coffee shops near you',
  'Chat with baristas and pre-order your cup',
  'Shops keep 100% of order revenue: no commission',
];

export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-screen lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-espresso-900 p-12 text-crema lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="absolute -right-24 -bottom-24 h-96 w-96 rounded-full bg-espresso-700/40 blur-2xl"
        />
        <Brand tone="light" />
        <div className="relative space-y-6">
          <p className="font-display text-4xl leading-tight font-bold">
            Your local coffee shop,
            <br />
            one message away.
          </p>
          <ul className="space-y-3 text-espresso-100">
            {promises.map((promise) => (
              <li key={promise} className="flex items-start gap-3">
                <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-espresso-500">
                  <Check className="h-3 w-3" aria-hidden />
                </span>
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-espresso-300">Made in South Africa for South African coffee.</p>
      </aside>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex flex-col items-center outline-none justify-center bg-gradient-to-b from-espresso-100 to-crema px-4 py-10"
      >
        <div className="mb-6 lg:hidden">
          <Brand />
        </div>
        <Card className="w-full max-w-md p-6 sm:p-8">
          <h1 className="font-display text-2xl font-semibold">{title}</h1>
          <p className="mt-1 mb-6 text-sm text-espresso-600">{subtitle}</p>
          {children}
        </Card>
        <Link
          href="/"
          className="mt-6 rounded text-sm text-espresso-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
        >
          ← Back to home
        </Link>
      </main>
    </div>
  );
}
