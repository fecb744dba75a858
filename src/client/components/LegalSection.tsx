// One titled section of a legal or marketing text.
import type { ReactNode } from 'react';

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-espresso-900">{title}</h3>
      <div className="space-y-2 text-sm leading-relaxed text-espresso-700">{children}</div>
    </section>
  );
}
