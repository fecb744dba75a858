// The footer: brand, the three modal texts of spec §2 (How It Works, Privacy Policy, Terms of Service), contacts.
import { lazy, Suspense, useState } from 'react';
import { Brand } from './Brand';
import type { FooterTopic } from './FooterDialog';
import { COMPANY_NAME, LEGAL_CONTACT, PRIVACY_CONTACT } from './legal-details';

// Loaded on the first click (see FooterDialog.tsx); the topics are listed here so the links need no import.
const FooterDialog = lazy(async () => ({ default: (await import('./FooterDialog')).FooterDialog }));
const topics: FooterTopic[] = ['How It Works', 'Privacy Policy', 'Terms of Service'];

export function Footer() {
  const [openTopic, setOpenTopic] = useState<FooterTopic | null>(null);
  return (
    <footer className="mt-16 bg-espresso-950 text-espresso-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="space-y-3">
          <Brand tone="light" />
          <p className="max-w-xs text-sm leading-relaxed">
            Local coffee, straight from the people who make it. Shops keep 100% of their order revenue: no
            commission, ever.
          </p>
        </div>
        <div className="flex flex-col items-start gap-2">
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-widest text-espresso-400">About</h2>
          {topics.map((topic) => (
            <button
              key={topic}
              type="button"
              aria-haspopup="dialog"
              onClick={() => setOpenTopic(topic)}
              className="rounded text-sm text-espresso-200 underline-offset-4 hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-400"
            >
              {topic}
            </button>
          ))}
          {openTopic && (
            <Suspense fallback={null}>
              <FooterDialog topic={openTopic} onClose={() => setOpenTopic(null)} />
            </Suspense>
          )}
        </div>
        <div className="space-y-1 text-sm">
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-widest text-espresso-400">Contact</h2>
          <p>
            Privacy:{' '}
            <a className="hover:text-white hover:underline" href={`mailto:${PRIVACY_CONTACT}`}>
              {PRIVACY_CONTACT}
            </a>
          </p>
          <p>
            Legal:{' '}
            <a className="hover:text-white hover:underline" href={`mailto:${LEGAL_CONTACT}`}>
              {LEGAL_CONTACT}
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-espresso-900">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-espresso-400">
          © {new Date().getFullYear()} {COMPANY_NAME}, a company registered in South Africa. Proudly local.
        </p>
      </div>
    </footer>
  );
}
