import { Link } from '@remix-run/react';
import { legalRoute, type LegalSection } from '~/components/content/LegalPage';
import { legalPageLoader } from '~/lib/content/legal.server';
import { pageHeaders } from '~/lib/http/cache-headers.server';

export const headers = pageHeaders;

export const loader = legalPageLoader;

const SECTIONS: LegalSection[] = [
  {
    id: 'what-are-cookies',
    heading: 'What cookies are',
    body: (
      <p>
        Cookies are small text files a website stores in your browser. They let the site remember you between pages and visits. Similar
        technologies, such as your browser’s local storage, work in the same way and are covered by this policy too.
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    heading: 'Cookies we use',
    body: (
      <ul>
        <li>
          <strong>Essential</strong> — a session cookie that keeps you signed in after you log in. It cannot be read by scripts on the page
          and is deleted when you log out.
        </li>
        <li>
          <strong>Preferences</strong> — your browser’s local storage keeps the cars you save as favourites before you sign in, so they are
          not lost.
        </li>
        <li>
          <strong>Advertising measurement</strong> — when you reach us through an advertisement, the advertising platform (for example Meta,
          Google or TikTok) may set a cookie with a campaign identifier. When you send us a message we record that identifier to learn which
          campaigns are useful.
        </li>
      </ul>
    ),
  },
  {
    id: 'third-parties',
    heading: 'Third-party cookies',
    body: (
      <p>
        Links to WhatsApp, WeChat or video platforms take you to services with their own cookie policies. We do not control those cookies;
        please read the policies of those services.
      </p>
    ),
  },
  {
    id: 'control',
    heading: 'How to control cookies',
    body: (
      <>
        <p>
          You can block or delete cookies in your browser’s settings at any time. If you block the essential session cookie you will not be
          able to sign in, but you can still browse cars and contact us.
        </p>
        <p>Most advertising platforms also let you opt out of personalised advertising in your account settings with them.</p>
      </>
    ),
  },
  {
    id: 'more-information',
    heading: 'More information',
    body: (
      <p>
        How we handle the personal information these cookies relate to is described in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
];

const page = legalRoute({
  title: 'Cookie Policy',
  description: 'Which cookies the Car Export website uses, why, and how you can control them.',
  path: '/cookie-policy',
  intro: <p>This policy explains how Car Export uses cookies and similar technologies on this website.</p>,
  sections: SECTIONS,
});

export const meta = page.meta;
export default page.Page;
