// The privacy policy text (POPIA), shown in the footer dialog and on /privacy.
import { ContactLink } from './ContactLink';
import { LastUpdated } from './LastUpdated';
import { LegalSection } from './LegalSection';
import { COMPANY_NAME, PRIVACY_CONTACT } from './legal-details';

export function PrivacyText() {
  return (
    <div className="space-y-5">
      <LastUpdated />
      <LegalSection title="Who we are">
        <p>
          Brew Connect is operated by {COMPANY_NAME}, a company registered in South Africa and the responsible
          party for your personal information. We process it in line with the Protection of Personal
          Information Act, 2013 (POPIA).
        </p>
      </LegalSection>
      <LegalSection title="What we collect">
        <p>
          Your username, email address and account type; the shops you favourite, your reviews, and the
          messages and orders you exchange with shops. If you use Find Near Me, your location is used for that
          search only and is not stored.
        </p>
      </LegalSection>
      <LegalSection title="How we use it">
        <p>
          To run your account, show you coffee shops, deliver your messages and orders, and keep the service
          secure. We never sell your personal information. Card payments for shop promotion are processed by
          our payment provider; we do not store card numbers.
        </p>
      </LegalSection>
      <LegalSection title="Storage on your device">
        <p>
          We keep your sign-in token in your browser's local storage so you stay signed in. Signing out
          removes it.
        </p>
      </LegalSection>
      <LegalSection title="Your rights">
        <p>
          You may ask for a copy of your information, its correction or its deletion, and you may object to
          its processing. Contact our information officer at <ContactLink email={PRIVACY_CONTACT} />. You may
          also complain to the Information Regulator of South Africa.
        </p>
      </LegalSection>
    </div>
  );
}
