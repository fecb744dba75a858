// The operator's published details used by the footer, its dialogs and the /terms and /privacy pages.
export const COMPANY_NAME = 'Brew Connect (Pty) Ltd';
export const PRIVACY_CONTACT = 'privacy@brewconnect.co.za';
export const LEGAL_CONTACT = 'legal@brewconnect.co.za';

/** Spec §2: the legal texts show today's date as their 'last updated' date. */
export function lastUpdatedDate(now: Date = new Date()): string {
  return now.toLocaleDateString('en-ZA', { year: 'numeric', month: 'long', day: 'numeric' });
}
