// The privacy policy text (POPIA), shown in the footer dialog and on /privacy: what is held, and the rights to see,
// correct and delete it, with where in Settings each is done and the information officer the server names.
import { DELETED_CUSTOMER_NAME } from '@shared/api/account';
import { Link } from 'wouter';
import { usePrivacyContact } from '../features/account/queries';
import { useAuth } from '../lib/auth';
import { signInReturningTo } from '../lib/return-to';
import { ContactLink } from './ContactLink';
import { LastUpdated } from './LastUpdated';
import { LegalSection } from './LegalSection';
import { COMPANY_NAME, PRIVACY_CONTACT } from './legal-details';

/** A Settings control by name: a link to /settings for someone signed in, its name in quotes otherwise. */
function SettingsPlace({ name, signedIn }: { name: string; signedIn: boolean }) {
  return signedIn ? (
    <Link href="/settings" className="font-medium text-espresso-900 underline underline-offset-2">
      Settings › {name}
    </Link>
  ) : (
    <span className="font-medium text-espresso-900">Settings › {name}</span>
  );
}

export function PrivacyText() {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  // The officer the server is configured with (PRIVACY_CONTACT); the published address until it answers.
  const contact = usePrivacyContact() ?? PRIVACY_CONTACT;
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
          removes it and ends that sign-in on our side too; Settings lists every browser you are signed in on,
          and signs any of them out.
        </p>
      </LegalSection>
      <LegalSection title="Your rights">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong className="text-espresso-950">See your data.</strong> Everything we hold about you is
            yours to download as one file, at any time:{' '}
            <SettingsPlace name="Download my data" signedIn={signedIn} />.
          </li>
          <li>
            <strong className="text-espresso-950">Correct it.</strong> Change your username, email address and
            password in <SettingsPlace name="Account" signedIn={signedIn} />.
          </li>
          <li>
            <strong className="text-espresso-950">Delete your account.</strong>{' '}
            <SettingsPlace name="Delete my account" signedIn={signedIn} /> erases your profile, email,
            password, sign-ins and favourites. What the shops must keep for their records (orders for 5 years,
            reviews and messages) stays with them under the name '{DELETED_CUSTOMER_NAME}'.
          </li>
        </ul>
        {!signedIn && (
          <p>
            <Link
              href={signInReturningTo('/settings')}
              className="font-medium text-espresso-900 underline underline-offset-2"
            >
              Sign in
            </Link>{' '}
            to reach Settings.
          </p>
        )}
        <p>
          You may also object to the processing of your information, or ask us anything about it: contact our
          information officer at <ContactLink email={contact} />. You may complain to the Information
          Regulator of South Africa.
        </p>
      </LegalSection>
    </div>
  );
}
