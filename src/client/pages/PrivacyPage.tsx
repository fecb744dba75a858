// /privacy: the privacy policy as a full page (linked from the sign-up wizard).
import { LegalDocument } from '../components/LegalDocument';
import { PrivacyText } from '../components/PrivacyText';

export function PrivacyPage() {
  return (
    <LegalDocument title="Privacy Policy">
      <PrivacyText />
    </LegalDocument>
  );
}
