import { Link } from '@remix-run/react';
import { legalRoute, type LegalSection } from '~/components/content/LegalPage';
import { legalPageLoader } from '~/lib/content/legal.server';
import { pageHeaders } from '~/lib/http/cache-headers.server';

export const headers = pageHeaders;

export const loader = legalPageLoader;

/** The privacy policy states a minimum age of 13. */
export const MINIMUM_AGE = 13;

const SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    heading: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to answer you and to run this website:</p>
        <ul>
          <li>
            <strong>Contact details you give us</strong> — your name, e-mail address, phone number and message when you use the contact form
            or ask about a car.
          </li>
          <li>
            <strong>Account details</strong> — your username, e-mail address and a securely hashed password if you create an account, and
            the cars you save as favourites.
          </li>
          <li>
            <strong>Technical data</strong> — your IP address, browser type and the pages you visit, which our servers record to keep the
            site secure and working.
          </li>
          <li>
            <strong>Advertising identifiers</strong> — when you arrive from an advertisement, the campaign identifiers stored in cookies by
            the advertising platform, so we can tell which campaigns bring enquiries.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    heading: 'How we use your information',
    body: (
      <ul>
        <li>To reply to your messages and inquiries and to prepare quotes, contracts and export documents.</li>
        <li>To keep your account and favourites available on every device you sign in from.</li>
        <li>To prevent spam and abuse, for example by limiting how many messages can be sent in a minute.</li>
        <li>To understand which pages and campaigns are useful, using aggregated statistics.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    heading: 'Sharing your information',
    body: (
      <>
        <p>
          We do not sell your personal information. We share it only with the people who help us complete your purchase — such as shipping
          lines, freight forwarders, customs brokers and banks — and only as far as the shipment or payment requires, or when the law
          obliges us to.
        </p>
        <p>
          Because we export vehicles from China, your information may be processed in China and in the country the vehicle is shipped to. We
          protect it with the same care wherever it is handled.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        We keep messages and inquiries for up to three years so we can follow up on orders and after-sales questions, and export records for
        as long as customs and tax rules require. Account data is kept until you ask us to delete your account.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <p>
        You may ask us to show you the personal information we hold about you, to correct it, or to delete it, and you may withdraw your
        consent to marketing messages at any time. Write to the address at the end of this page; we answer within 30 days.
      </p>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <p>
        We use a small number of cookies to keep you signed in and to measure our advertising. Our{' '}
        <Link to="/cookie-policy">Cookie Policy</Link> explains each of them and how to turn them off.
      </p>
    ),
  },
  {
    id: 'children',
    heading: "Children's privacy",
    body: (
      <p>
        This website is intended for adults buying vehicles. You must be at least {MINIMUM_AGE} years old to use it, and we do not knowingly
        collect personal information from children under {MINIMUM_AGE}. If you believe a child under {MINIMUM_AGE} has sent us information,
        please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        Pages are served over encrypted connections, passwords are stored only as secure hashes, and access to messages is limited to the
        staff who answer them. No system is perfectly secure, but we review our safeguards regularly.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>We may update this policy when our services or the law change. The date at the top of this page shows when it was last updated.</p>
    ),
  },
];

const page = legalRoute({
  title: 'Privacy Policy',
  description: 'How Car Export collects, uses and protects the personal information of visitors, buyers and dealers.',
  path: '/privacy-policy',
  intro: (
    <p>
      Your privacy matters to us. This policy explains what personal information Car Export collects when you use this website, why we
      collect it, and the choices you have.
    </p>
  ),
  sections: SECTIONS,
});

export const meta = page.meta;
export default page.Page;
