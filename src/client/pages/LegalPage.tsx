// /terms and /privacy: the footer dialogs' texts as full pages.
import type { ReactNode } from 'react';
import { PrivacyText, TermsText } from '../components/legal-texts';
import { PageShell } from '../components/PageShell';
import { Card } from '../ui/Card';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-6 font-display text-4xl font-bold">{title}</h1>
        <Card className="p-6 sm:p-8">{children}</Card>
      </div>
    </PageShell>
  );
}

export const TermsPage = () => (
  <LegalPage title="Terms of Service">
    <TermsText />
  </LegalPage>
);

export const PrivacyPage = () => (
  <LegalPage title="Privacy Policy">
    <PrivacyText />
  </LegalPage>
);
