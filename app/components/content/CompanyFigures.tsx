import { COMPANY_FIGURES } from '~/lib/content/company-figures';

// The two looks the figures take: light cards on a white page, or big numbers on a navy band.
const LOOKS = {
  cards: {
    list: 'grid grid-cols-2 gap-4 sm:gap-6',
    item: 'flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-7',
    label: 'text-sm font-medium text-slate-500',
    value: 'text-brand-800 sm:text-4xl',
  },
  band: {
    list: 'mt-12 grid grid-cols-2 gap-y-8 border-t border-white/10 pt-10 text-center md:grid-cols-4',
    item: 'flex flex-col gap-1',
    label: 'text-sm text-brand-200',
    value: 'text-white md:text-4xl',
  },
} as const;

/**
 * The company's headline figures (founded, countries, vehicles exported, vehicles in stock) as a
 * description list: each label is the term and the number its description, shown number first.
 */
export function CompanyFigures({ look }: { look: keyof typeof LOOKS }) {
  const style = LOOKS[look];
  return (
    <dl className={style.list}>
      {COMPANY_FIGURES.map((figure) => (
        <div key={figure.label} className={style.item}>
          <dt className={style.label}>{figure.label}</dt>
          <dd className={`order-first text-3xl font-extrabold tracking-tight ${style.value}`}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
