// The terms of service text, shown in the footer dialog and on /terms.
import { ContactLink } from './ContactLink';
import { LastUpdated } from './LastUpdated';
import { LegalSection } from './LegalSection';
import { COMPANY_NAME, LEGAL_CONTACT, PRIVACY_CONTACT } from './legal-details';

export function TermsText() {
  return (
    <div className="space-y-5">
      <LastUpdated />
      <LegalSection title="The service">
        <p>
          Brew Connect is operated by {COMPANY_NAME}, a company registered in South Africa. It connects
          customers with independent coffee shops. Each shop is responsible for its own menu, prices, orders
          and service.
        </p>
      </LegalSection>
      <LegalSection title="Fees">
        <p>
          Brew Connect is free for customers. Shops keep 100% of their order revenue; there is no commission
          on orders. Promotion is optional, costs R499 for 30 days, is paid once by card and does not renew
          automatically.
        </p>
      </LegalSection>
      <LegalSection title="Your account">
        <p>
          Keep your password private and your details accurate. You are responsible for what is done with your
          account.
        </p>
      </LegalSection>
      <LegalSection title="Your conduct">
        <p>
          Be honest in reviews and respectful in messages. We may remove content or close accounts that break
          these terms or South African law.
        </p>
      </LegalSection>
      <LegalSection title="Governing law">
        <p>These terms are governed by the laws of the Republic of South Africa.</p>
      </LegalSection>
      <LegalSection title="Contact">
        <p>
          Legal questions: <ContactLink email={LEGAL_CONTACT} />. Privacy questions:{' '}
          <ContactLink email={PRIVACY_CONTACT} />.
        </p>
      </LegalSection>
    </div>
  );
}
