import { Link } from '@remix-run/react';
import { legalRoute, type LegalSection } from '~/components/content/LegalPage';
import { legalPageLoader } from '~/lib/content/legal.server';
import { pageHeaders } from '~/lib/http/cache-headers.server';

export const headers = pageHeaders;

export const loader = legalPageLoader;

const SECTIONS: LegalSection[] = [
  {
    id: 'about-these-terms',
    heading: 'About these terms',
    body: (
      <p>
        These terms apply to your use of this website. By browsing it, creating an account or sending us a message you agree to them. The
        purchase of a vehicle is governed by the written sales contract we sign with you, which takes priority over these terms.
      </p>
    ),
  },
  {
    id: 'listings-and-prices',
    heading: 'Vehicle listings and prices',
    body: (
      <>
        <p>
          We take care to describe every vehicle accurately, but specifications, photos and availability can change and a listing is not a
          binding offer. Prices are shown in US dollars and, unless stated otherwise, do not include shipping, insurance, import duties or
          taxes in your country.
        </p>
        <p>A vehicle is reserved for you only once we confirm it in writing and receive the agreed deposit.</p>
      </>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <p>
        You are responsible for keeping your password safe and for what happens under your account. Tell us at once if you think someone
        else has used it. We may close accounts that are used to send spam or to misuse the site.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <ul>
        <li>Do not try to break, overload or gain unauthorised access to the site or its data.</li>
        <li>Do not copy the catalogue in bulk or reuse our photos and texts without permission.</li>
        <li>Do not send messages that are unlawful, misleading or unrelated to buying vehicles.</li>
      </ul>
    ),
  },
  {
    id: 'export-and-import',
    heading: 'Export and import rules',
    body: (
      <p>
        We handle Chinese export formalities. You are responsible for checking that a vehicle may be imported and registered in your
        country, and for the import duties, taxes and approvals your country requires.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <p>
        The website is provided as it is. To the extent the law allows, we are not liable for indirect losses arising from its use or from a
        temporary interruption. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'privacy',
    heading: 'Privacy',
    body: (
      <p>
        Our <Link to="/privacy-policy">Privacy Policy</Link> and <Link to="/cookie-policy">Cookie Policy</Link> explain how we handle your
        personal information.
      </p>
    ),
  },
  {
    id: 'changes-and-law',
    heading: 'Changes and governing law',
    body: (
      <p>
        We may change these terms; the date at the top of the page shows the latest version. These terms are governed by the laws of the
        People’s Republic of China, without affecting any mandatory consumer rights you have where you live.
      </p>
    ),
  },
];

const page = legalRoute({
  title: 'Terms & Conditions',
  description: 'The terms that apply when you use the Car Export website and ask us about vehicles for export.',
  path: '/terms-conditions',
  intro: <p>Welcome to Car Export. Please read these terms carefully before using our website.</p>,
  sections: SECTIONS,
});

export const meta = page.meta;
export default page.Page;
