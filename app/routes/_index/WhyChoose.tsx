import { CompanyFigures } from '~/components/content/CompanyFigures';
import { SITE_NAME } from '~/lib/seo/meta';
import { Icon, type IconName } from './icons';
import { Section } from '~/components/ui/Section';

type Point = { title: string; text: string; icon: IconName };

// The four points; the titles are the exact words buyers see.
const POINTS: Point[] = [
  {
    title: 'Stable Vehicle Supply',
    text: 'Over 2,000 vehicles wait in our bonded warehouses, backed by direct partnerships with leading Chinese makers — so popular models stay available all year.',
    icon: 'warehouse',
  },
  {
    title: 'Competitive Pricing',
    text: 'We buy in volume and quote in US dollars with no hidden fees, so you know the landed cost before you commit.',
    icon: 'priceTag',
  },
  {
    title: 'Customized Configuration',
    text: 'Choose trims, colours, left- or right-hand drive and market-specific equipment; we match each order to your country’s rules.',
    icon: 'sliders',
  },
  {
    title: 'Safe & Compliant Export',
    text: 'Licensed exporter handling inspections, customs papers and RoRo or container shipping from two ports, with every step documented.',
    icon: 'shieldCheck',
  },
];

export function WhyChoose() {
  return (
    <Section
      id="why-title"
      eyebrow="Why buyers work with us"
      title={`Why Choose ${SITE_NAME}`}
      intro="More than a decade of shipping cars from China to dealers and private buyers on every continent."
      tone="light"
      className="bg-brand-950 py-14 text-white md:py-20"
      data-testid="why-choose"
    >
      <ul className="mt-8 grid gap-3 sm:mt-10 sm:grid-cols-2 sm:gap-5 lg:grid-cols-4">
        {POINTS.map(({ title, text, icon }) => (
          // Mobile: icon beside the text (a compact list); from 640 px: cards with the icon on top.
          <li key={title} className="flex gap-4 rounded-2xl border border-white/10 bg-white/5 p-5 sm:block sm:p-6">
            <span className="flex h-12 w-12 flex-none items-center justify-center rounded-xl bg-accent-500/15 text-accent-300">
              <Icon name={icon} className="h-6 w-6" strokeWidth={1.8} />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-white sm:mt-5">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-brand-100 sm:mt-2">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <CompanyFigures look="band" />
    </Section>
  );
}
