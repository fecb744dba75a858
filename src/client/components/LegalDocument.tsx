// The frame of a full-page legal text (/terms, /privacy): title, the text on a card, a way back.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../ui/Card';
import { PageShell } from './PageShell';

export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Link href="/" className="text-sm text-espresso-700 underline-offset-4 hover:underline">
          ← Back to home
        </Link>
        <h1 className="mt-4 mb-6 font-display text-3xl font-bold sm:text-4xl">{title}</h1>
        <Card className="p-6 sm:p-8">{children}</Card>
      </div>
    </PageShell>
  );
}
