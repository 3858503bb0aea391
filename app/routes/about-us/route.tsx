import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { CertificateArt, type CertificateKind } from '~/routes/about-us/CertificateArt';
import {
  ArrowRightIcon,
  CheckIcon,
  GlobeIcon,
  ShieldIcon,
  StarIcon,
  TruckIcon,
  UsersIcon,
  WarehouseIcon,
  WrenchIcon,
} from '~/components/content/icons';
import { PageHero } from '~/components/content/PageHero';
import { buttonClass } from '~/components/ui/Button';
import { Section, SectionHeading } from '~/components/ui/Section';
import { publicOrigin } from '~/lib/server/env.server';
import { jsonLdScriptProps, organizationJsonLd } from '~/lib/seo/jsonld';
import { CompanyFigures } from '~/components/content/CompanyFigures';
import { staticPageMeta } from '~/lib/seo/meta';
import { useNonce } from '~/lib/page/nonce';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { optionalSiteSettings } from '~/lib/server/load-context.server';
import { COMPANY } from '~/lib/content/company';
import { VEHICLES_EXPORTED } from '~/lib/content/company-figures';

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'About Us',
  description: `${COMPANY.name} has shipped ${VEHICLES_EXPORTED} vehicles from China to ${COMPANY.countries} countries since ${COMPANY.founded}, with branches across China and bonded warehouses at two ports.`,
  path: '/about-us',
});

export async function loader({ context }: LoaderFunctionArgs) {
  // Only the structured data's contact point needs the settings; the page stands without them.
  const settings = await optionalSiteSettings(context, 'About');
  return json({ jsonLd: organizationJsonLd({ origin: publicOrigin(), settings }) });
}

// --- The page's copy (company facts) ----------------------------------------------------------------

const CERTIFICATES: { kind: CertificateKind; name: string; text: string }[] = [
  { kind: 'license', name: 'Business License', text: `Registered trading company under Chinese company law since ${COMPANY.founded}.` },
  { kind: 'qualification', name: 'Qualification', text: 'Approved used-vehicle export enterprise, reviewed every year.' },
  { kind: 'permit', name: 'Export Permit', text: 'Vehicle export licences issued for every car that leaves the port.' },
  { kind: 'lading', name: 'Bill of Lading', text: 'Original shipping documents handed over for customs clearance at your end.' },
];

const STRENGTHS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <GlobeIcon className="h-6 w-6" />,
    title: 'Direct sourcing',
    text: 'We buy directly from manufacturers and authorised dealers of China’s leading brands, so history and specifications are known.',
  },
  {
    icon: <WarehouseIcon className="h-6 w-6" />,
    title: 'Stock ready to ship',
    text: 'Thousands of vehicles wait in our bonded warehouses, cleared for export and ready for the next vessel.',
  },
  {
    icon: <ShieldIcon className="h-6 w-6" />,
    title: 'Compliant paperwork',
    text: 'Export licences, certificates of origin, inspection reports and bills of lading prepared by our own documents team.',
  },
  {
    icon: <WrenchIcon className="h-6 w-6" />,
    title: 'Inspection and support',
    text: 'Every car is inspected before loading, and our team stays reachable for spare parts and after-sales questions.',
  },
];

const SCALE = [
  { value: '5', label: 'Branch offices', detail: 'Tianjin, Beijing, Shanghai, Guangzhou and Chongqing' },
  { value: '2', label: 'Bonded warehouse ports', detail: 'Tianjin Port and Shanghai Port' },
  { value: '16+', label: 'Chinese brands in stock', detail: 'From city EVs to full-size SUVs and pickups' },
  { value: '7 days', label: 'Deposit to port', detail: 'Typical time for an in-stock vehicle' },
];

const TEAM = [
  { name: 'Zhao Wei', role: 'Business Manager', focus: 'Dealer partnerships and contracts' },
  { name: 'Li Na', role: 'Sales Manager', focus: 'Middle East and Africa' },
  { name: 'Chen Hao', role: 'Sales Manager', focus: 'Central Asia and Russia' },
  { name: 'Wang Fang', role: 'Sales Manager', focus: 'South America' },
  { name: 'Liu Yang', role: 'Sales Manager', focus: 'Southeast Asia and Oceania' },
];

const AVATAR_TONES = ['bg-brand-700', 'bg-accent-600', 'bg-teal-700', 'bg-brand-500', 'bg-rose-700'];

const VALUES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <ShieldIcon className="h-6 w-6" />,
    title: 'Integrity first',
    text: 'Honest descriptions, clear prices and contracts we keep. A buyer who trusts us comes back, and sends friends.',
  },
  {
    icon: <StarIcon className="h-6 w-6" />,
    title: 'Quality excellence',
    text: 'We inspect, document and ship every vehicle as if it were our own, from the first photo to the final bill of lading.',
  },
  {
    icon: <UsersIcon className="h-6 w-6" />,
    title: 'Customer focus',
    text: 'One sales manager follows your order from the first question to delivery, in your time zone and your language.',
  },
];

// --- Pieces --------------------------------------------------------------------------------------

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export default function AboutPage() {
  const { jsonLd } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <>
      <PageHero
        size="banner"
        eyebrow={`Exporting since ${COMPANY.founded}`}
        title="About Us"
        subtitle="Your auto trade partner in China: the cars, the paperwork and the shipping, handled by one team."
      />

      {/* Story and headline figures */}
      <section aria-labelledby="story-title" className="container-page grid gap-12 py-14 md:py-20 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading
            scale="page"
            id="story-title"
            eyebrow="Our story"
            title={`From one Tianjin office to ${COMPANY.countries} countries`}
          />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-600">
            <p>
              We started in {COMPANY.founded} with a small team in Tianjin, helping a handful of overseas dealers buy cars in China without
              flying in to do it themselves. Word spread: today we export new and used vehicles to buyers and dealers in{' '}
              {COMPANY.countriesInWords} countries across the Middle East, Africa, Central Asia, South America and Southeast Asia.
            </p>
            <p>
              More than 30,000 vehicles have left China through us. Branches in several Chinese cities keep us close to the manufacturers,
              and our bonded warehouses at two ports hold over 2,000 vehicles that are ready to ship.
            </p>
          </div>
        </div>
        <CompanyFigures look="cards" />
      </section>

      {/* Certificates */}
      <Section
        scale="page"
        id="certificates-title"
        eyebrow="Licensed and certified"
        title="Our Certificates"
        intro="Every export runs on the documents a customs officer asks for. Copies are available to buyers on request."
        className="bg-slate-50 py-14 md:py-20"
      >
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {CERTIFICATES.map((c) => (
            <li
              key={c.kind}
              className="flex flex-col items-center rounded-2xl bg-white p-5 text-center shadow-card sm:p-6"
              data-testid="certificate"
            >
              <CertificateArt kind={c.kind} className="h-36 w-auto drop-shadow-sm sm:h-44" />
              <h3 className="mt-4 font-bold text-brand-950">{c.name}</h3>
              <p className="mt-1 text-sm text-slate-500">{c.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      {/* Strengths */}
      <Section scale="page" id="strengths-title" eyebrow="What we do well" title="Our Strengths" className="py-14 md:py-20">
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STRENGTHS.map((s) => (
            <li key={s.title} className="rounded-2xl border border-slate-200 p-6">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{s.icon}</span>
              <h3 className="mt-4 text-lg font-bold text-brand-950">{s.title}</h3>
              <p className="mt-2 text-slate-600">{s.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      {/* Scale */}
      <Section
        scale="page"
        tone="light"
        id="scale-title"
        eyebrow="Our scale"
        title="Built for volume, run for detail"
        className="bg-brand-950 py-14 text-white md:py-20"
      >
        <dl className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {SCALE.map((m) => (
            <div key={m.label} className="flex flex-col border-l-2 border-accent-500 pl-5">
              <dt className="text-base font-semibold text-white">{m.label}</dt>
              <dd className="order-first text-4xl font-extrabold tracking-tight text-accent-300">{m.value}</dd>
              <dd className="mt-1 text-sm text-brand-200">{m.detail}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {/* Team */}
      <Section
        scale="page"
        id="team-title"
        eyebrow="The people you will talk to"
        title="Meet Our Team"
        intro="Each market has its own sales manager, who follows your order from the first question to delivery."
        className="py-14 md:py-20"
      >
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-5">
          {TEAM.map((m, i) => (
            <li
              key={m.name}
              className="flex flex-col items-center rounded-2xl border border-slate-200 p-5 text-center first:col-span-2 sm:p-6 md:first:col-span-1"
              data-testid="team-member"
            >
              <span
                aria-hidden="true"
                className={`flex h-20 w-20 items-center justify-center rounded-full text-2xl font-bold text-white ring-4 ring-white shadow-card ${AVATAR_TONES[i % AVATAR_TONES.length]}`}
              >
                {initials(m.name)}
              </span>
              <h3 className="mt-4 font-bold text-brand-950">{m.name}</h3>
              <p className="text-sm font-semibold text-accent-700">{m.role}</p>
              <p className="mt-1 text-sm text-slate-500">{m.focus}</p>
            </li>
          ))}
        </ul>
      </Section>

      {/* Values */}
      <Section scale="page" id="values-title" eyebrow="What guides us" title="Our Core Values" className="bg-slate-50 py-14 md:py-20">
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-2xl bg-white p-6 shadow-card sm:p-8" data-testid="core-value">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-accent-50 text-accent-600">{v.icon}</span>
              <h3 className="mt-4 text-xl font-bold text-brand-950">{v.title}</h3>
              <p className="mt-2 text-slate-600">{v.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      {/* Next steps */}
      <section aria-labelledby="cta-title" className="container-page py-14 md:py-20">
        <div className="flex flex-col gap-8 rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 p-8 text-white md:flex-row md:items-center md:justify-between md:p-12">
          <div className="max-w-xl">
            <h2 id="cta-title" className="text-2xl font-extrabold md:text-3xl">
              Ready to find your next car?
            </h2>
            <ul className="mt-4 space-y-2 text-brand-100">
              {['Prices in US dollars, shipping quoted to your port', 'One contact person from quote to delivery'].map((t) => (
                <li key={t} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 h-5 w-5 flex-none text-accent-300" />
                  {t}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/explore-cars" className={buttonClass('outline', 'border-white px-6 py-3 text-base text-brand-900')}>
              <TruckIcon className="h-5 w-5" />
              Explore Cars
            </Link>
            <Link
              to="/contact-us"
              className={buttonClass(
                'outline',
                'border-white/30 bg-transparent px-6 py-3 text-base text-white hover:border-white hover:bg-white/10',
              )}
            >
              Contact Us
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          </div>
        </div>
      </section>
      <script nonce={nonce} {...jsonLdScriptProps(jsonLd)} />
    </>
  );
}
