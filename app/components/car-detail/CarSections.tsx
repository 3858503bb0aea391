import type { ReactNode } from 'react';
import type { CarSpec } from '~/lib/wordpress/types';

function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-7">
      <h2 id={id} className="text-lg font-bold text-brand-950 sm:text-xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The Specifications list: label and value pairs, two columns from sm up. */
export function Specifications({ specs }: { specs: CarSpec[] }) {
  if (specs.length === 0) return null;
  return (
    <SectionCard id="car-specs-title" title="Specifications">
      <dl className="grid gap-x-8 sm:grid-cols-2" data-testid="car-specs">
        {specs.map((spec) => (
          <div key={spec.label} className="spec-row">
            <dt className="text-sm text-slate-500">{spec.label}</dt>
            <dd className={`text-right text-sm font-semibold ${spec.value === 'N/A' ? 'text-slate-500' : 'text-slate-900'}`}>
              {spec.value}
            </dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

/** The Features grid: a checkmark list (the marks are the `feature-item` class's). */
export function Features({ features }: { features: string[] }) {
  if (features.length === 0) return null;
  return (
    <SectionCard id="car-features-title" title="Features">
      <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="car-features">
        {features.map((feature) => (
          <li key={feature} className="feature-item">
            {feature}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/** The Seller Note, only when there is one. `html` is sanitised on the server (sanitize.server.ts). */
export function SellerNote({ html }: { html: string }) {
  if (!html) return null;
  return (
    <SectionCard id="car-note-title" title="Seller Note">
      <div
        className="space-y-3 leading-relaxed text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:pl-5"
        data-testid="seller-note"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </SectionCard>
  );
}
