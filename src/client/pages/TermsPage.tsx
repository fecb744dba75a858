// /terms: the terms of service as a full page (linked from the sign-up wizard).
import { LegalDocument } from '../components/LegalDocument';
import { TermsText } from '../components/TermsText';

export function TermsPage() {
  return (
    <LegalDocument title="Terms of Service">
      <TermsText />
    </LegalDocument>
  );
}
