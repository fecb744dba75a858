// The frame every page shares: navigation, the confirm-your-email banner when it applies, the page's content, the
// footer.
import type { ReactNode } from 'react';
import { EmailConfirmation } from './EmailConfirmation';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { MAIN_ID, SkipLink } from './SkipLink';

export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <NavBar />
      <EmailConfirmation />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
