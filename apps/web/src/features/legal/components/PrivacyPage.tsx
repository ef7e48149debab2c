import { CONTACT_EMAILS, PRODUCT_NAME } from '@/config/constants';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <p>
        {PRODUCT_NAME} stores the account details your organization gives us (name, work e-mail,
        role and organization), the operational data your team enters or connects (shipments,
        incidents, plans) and security logs of sign-ins and administrative changes.
      </p>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        We use this information only to provide the service: to sign you in, to show your
        organization its supply-chain risk picture, to send the notifications you ask for and to
        keep the platform secure. We do not sell personal data or use it for advertising.
      </p>
    ),
  },
  {
    heading: 'Sharing',
    body: (
      <p>
        Data is visible to members of your organization according to their roles, and to our staff
        only when needed to operate or support the service. We use a small number of hosting and
        e-mail providers bound by data-processing agreements.
      </p>
    ),
  },
  {
    heading: 'Retention and your rights',
    body: (
      <p>
        We keep account data while your organization uses {PRODUCT_NAME} and delete it within 90
        days after the contract ends. You may ask to see, correct or delete your personal data at
        any time.
      </p>
    ),
  },
  {
    heading: 'Cookies and storage',
    body: (
      <p>
        {PRODUCT_NAME} keeps your session tokens, your chosen organization and your theme in your
        browser&apos;s local storage. It sets no tracking cookies.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" sections={SECTIONS} contactEmail={CONTACT_EMAILS.privacy} />
  );
}
