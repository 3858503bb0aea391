import type { SaleStatus } from '~/lib/wordpress/types';

/**
 * Under the banner of a sold or reserved car: what that means for the buyer, and where to look
 * next. Nothing for an available car.
 */
export function SaleNotice({ status, hasSimilar }: { status: SaleStatus; hasSimilar: boolean }) {
  if (status === 'available') return null;
  const sold = status === 'sold';
  return (
    <div
      role="note"
      aria-label={sold ? 'Sold' : 'Reserved'}
      className={`rounded-2xl border p-4 sm:p-5 ${sold ? 'border-slate-300 bg-slate-900 text-white' : 'border-amber-300 bg-amber-50 text-amber-950'}`}
      data-testid="sale-notice"
    >
      <p className="text-base font-bold">{sold ? 'This car has been sold' : 'This car is reserved'}</p>
      <p className={`mt-1 text-sm ${sold ? 'text-slate-200' : 'text-amber-900'}`}>
        {sold
          ? `It is no longer for sale. You can still ask us about it, and we can find you one like it.${hasSimilar ? ' Similar cars that are available are listed below.' : ''}`
          : 'A buyer is holding this car. It may come back on sale: send an inquiry and we will tell you if it does.'}
      </p>
      {sold && hasSimilar ? (
        <a href="#similar-cars" className="mt-3 inline-block text-sm font-semibold underline underline-offset-2">
          See similar cars
        </a>
      ) : null}
    </div>
  );
}
