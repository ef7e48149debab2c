import { CONTACT_EMAILS, PRODUCT_NAME } from '@/config/constants';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'The service',
    body: (
      <p>
        {PRODUCT_NAME} is a supply-chain risk monitoring platform provided to organizations under a
        subscription agreement. These terms apply to every person who signs in on behalf of such an
        organization.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <p>
        Keep your credentials to yourself and tell your administrator at once if you suspect that
        someone else has used them. Your organization is responsible for the accounts it creates and
        the roles it grants.
      </p>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        Do not try to reach data of other organizations, disrupt the service, or use it to break the
        law. We may suspend accounts that do.
      </p>
    ),
  },
  {
    heading: 'Information, not advice',
    body: (
      <p>
        Risk scores, incidents and analyses help you decide; they are not a guarantee about any
        shipment, supplier or event. Decisions remain yours.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: (
      <p>
        We may update these terms. We will tell administrators about material changes at least 30
        days before they take effect.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" sections={SECTIONS} contactEmail={CONTACT_EMAILS.legal} />
  );
}
