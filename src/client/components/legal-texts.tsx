// The static legal and marketing texts shown in the footer dialogs and on /terms and /privacy.
import type { ReactNode } from 'react';

const PRIVACY_CONTACT = 'privacy@brewconnect.co.za';
const LEGAL_CONTACT = 'legal@brewconnect.co.za';

export function lastUpdated(): string {
  return new Date().toLocaleDateString('en-ZA', { year: 'numeric', month: 'long', day: 'numeric' });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-espresso-900">{title}</h3>
      <div className="space-y-2 text-sm leading-relaxed text-espresso-700">{children}</div>
    </section>
  );
}

export function HowItWorksText() {
  return (
    <div className="space-y-5">
      <Section title="For coffee lovers">
        <p>
          Discover local coffee shops near you, save your favourites and read honest reviews from other
          customers.
        </p>
        <p>
          Chat directly with a shop to ask a question or pre-order, and collect your coffee without the queue.
        </p>
      </Section>
      <Section title="For coffee shop owners">
        <p>List your shop for free, manage your menu and trading hours, and answer customers in real time.</p>
        <p>
          Shops keep 100% of their order revenue: there is no commission on orders. Optional promotion puts
          your shop in the featured spots.
        </p>
      </Section>
    </div>
  );
}

export function PrivacyText() {
  return (
    <div className="space-y-5">
      <p className="text-xs text-espresso-500">Last updated: {lastUpdated()}</p>
      <Section title="Who we are">
        <p>
          Brew Connect is operated by Brew Connect (Pty) Ltd, a company registered in South Africa. We process
          personal information in line with the Protection of Personal Information Act (POPIA).
        </p>
      </Section>
      <Section title="What we collect">
        <p>
          Your username, email address and role; the shops you favourite, your reviews, and the messages and
          orders you exchange with shops. If you use "Find Near Me", your location is used for that search
          only and is not stored.
        </p>
      </Section>
      <Section title="How we use it">
        <p>
          To run your account, show you shops, deliver your messages and orders, and keep the service secure.
          We never sell your personal information.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You may ask for a copy of your information, its correction or its deletion. Contact our information
          officer at {PRIVACY_CONTACT}.
        </p>
      </Section>
    </div>
  );
}

export function TermsText() {
  return (
    <div className="space-y-5">
      <p className="text-xs text-espresso-500">Last updated: {lastUpdated()}</p>
      <Section title="The service">
        <p>
          Brew Connect (Pty) Ltd, a company registered in South Africa, connects customers with independent
          coffee shops. Each shop is responsible for its own menu, prices, orders and service.
        </p>
      </Section>
      <Section title="Fees">
        <p>
          Using Brew Connect is free for customers. Shops keep 100% of their order revenue; there is no
          commission. Promotion is optional, costs R499 for 30 days, is paid once by card and does not renew
          automatically.
        </p>
      </Section>
      <Section title="Your conduct">
        <p>
          Be honest in reviews and respectful in messages. We may remove content or accounts that break these
          terms or South African law.
        </p>
      </Section>
      <Section title="Contact">
        <p>
          Legal questions: {LEGAL_CONTACT}. Privacy questions: {PRIVACY_CONTACT}.
        </p>
      </Section>
    </div>
  );
}
