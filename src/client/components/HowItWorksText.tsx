// The 'How It Works' text: how coffee lovers and shop owners use Brew Connect, and that shops pay no commission.
import { ContactLink } from './ContactLink';
import { LastUpdated } from './LastUpdated';
import { LegalSection } from './LegalSection';
import { COMPANY_NAME, LEGAL_CONTACT } from './legal-details';

export function HowItWorksText() {
  return (
    <div className="space-y-5">
      <LastUpdated />
      <LegalSection title="For coffee lovers">
        <ol className="list-inside list-decimal space-y-1">
          <li>Discover independent coffee shops near you, filter by style and see who is featured.</li>
          <li>Save your favourites and read honest reviews from other customers.</li>
          <li>Chat directly with a shop to ask a question or pre-order, then collect without the queue.</li>
        </ol>
      </LegalSection>
      <LegalSection title="For coffee shop owners">
        <p>
          List your shop for free, keep your menu and trading hours up to date, and answer customers in real
          time from your dashboard.
        </p>
        <p>
          Shops keep 100% of their order revenue: there is no commission on orders, ever. Optional paid
          promotion (R499 for 30 days, once-off) puts your shop in the featured spots.
        </p>
      </LegalSection>
      <LegalSection title="Who runs Brew Connect">
        <p>
          Brew Connect is operated by {COMPANY_NAME}, a company registered in South Africa. Questions? Write
          to <ContactLink email={LEGAL_CONTACT} />.
        </p>
      </LegalSection>
    </div>
  );
}
