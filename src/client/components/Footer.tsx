// The footer with the three modal dialogs of spec §2: How It Works, Privacy Policy, Terms of Service.
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/Dialog';
import { Brand } from './Brand';
import { HowItWorksText, PrivacyText, TermsText } from './legal-texts';

function FooterDialog({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger className="text-sm text-espresso-200 underline-offset-4 hover:text-white hover:underline">
        {title}
      </DialogTrigger>
      <DialogContent title={title} className="max-w-2xl">
        {children}
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function Footer() {
  return (
    <footer className="mt-16 bg-espresso-950 text-espresso-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div className="space-y-3">
          <div className="[&_a]:text-crema">
            <Brand />
          </div>
          <p className="text-sm">
            Local coffee, direct from the people who make it. Shops keep 100% of their revenue.
          </p>
        </div>
        <div className="flex flex-col items-start gap-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-espresso-400">About</h2>
          <FooterDialog title="How It Works">
            <HowItWorksText />
          </FooterDialog>
          <FooterDialog title="Privacy Policy">
            <PrivacyText />
          </FooterDialog>
          <FooterDialog title="Terms of Service">
            <TermsText />
          </FooterDialog>
        </div>
        <div className="text-sm">
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-espresso-400">Contact</h2>
          <p>privacy@brewconnect.co.za</p>
          <p>legal@brewconnect.co.za</p>
          <p className="mt-4 text-xs text-espresso-400">
            © {new Date().getFullYear()} Brew Connect (Pty) Ltd, South Africa
          </p>
        </div>
      </div>
    </footer>
  );
}
