// A decorative preview of a pre-order chat for the landing hero; hidden from screen readers.
import { Coffee } from 'lucide-react';

export function HeroPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-sm select-none">
      <div className="absolute -top-6 -left-6 h-40 w-40 rounded-full bg-espresso-300/40 blur-2xl" />
      <div className="absolute -right-8 -bottom-8 h-48 w-48 rounded-full bg-amber-300/40 blur-2xl" />
      <div className="relative rotate-1 overflow-hidden rounded-3xl border border-espresso-100 bg-white shadow-xl">
        <div className="flex items-center gap-3 border-b border-espresso-100 px-5 py-4">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-br from-espresso-700 to-espresso-400 text-crema">
            <Coffee className="h-5 w-5" />
          </span>
          <div className="text-left">
            <p className="font-semibold text-espresso-950">Your local coffee shop</p>
            <p className="flex items-center gap-1.5 text-xs text-espresso-600">
              <span className="h-2 w-2 rounded-full bg-leaf" /> Online now
            </p>
          </div>
        </div>
        <div className="space-y-3 bg-espresso-50/60 p-5 text-left text-sm">
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-espresso-800 px-4 py-2 text-crema">
            Morning! Two flat whites and a croissant for 8:15?
          </p>
          <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-4 py-2 text-espresso-950 shadow-sm">
            Of course! They’ll be on the counter at 8:15 ☕
          </p>
          <div className="rounded-2xl border border-espresso-200 bg-white p-4 shadow-sm">
            <p className="text-xs font-semibold uppercase tracking-wide text-espresso-500">Pre-order</p>
            <div className="mt-2 flex justify-between text-espresso-900">
              <span>2 × Flat white</span>
              <span>R76.00</span>
            </div>
            <div className="flex justify-between text-espresso-900">
              <span>1 × Butter croissant</span>
              <span>R32.00</span>
            </div>
            <div className="mt-2 flex justify-between border-t border-espresso-100 pt-2 font-semibold">
              <span>Total</span>
              <span>R108.00</span>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
