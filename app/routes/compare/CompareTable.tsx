import { Link } from '@remix-run/react';
import type { CompareRow } from './compare-diff';
import type { ComparedCar } from './compare-model.server';

type CompareTableProps = { cars: ComparedCar[]; rows: CompareRow[] };

/**
 * The cars side by side: one column per car (photo, title, price, Remove), one row per fact. A row
 * whose values differ is tinted and labelled "Differs" in text, so the mark reaches screen readers
 * too; the first column stays in view while a phone scrolls the table sideways.
 */
export function CompareTable({ cars, rows }: CompareTableProps) {
  const differing = rows.filter((r) => r.differs).length;
  const summary = `${cars.length} ${cars.length === 1 ? 'car' : 'cars'} side by side. ${
    cars.length > 1 ? `${differing} of ${rows.length} rows differ; they are marked “Differs”.` : 'Add another car to see the differences.'
  }`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" aria-hidden="true">
        {summary}
      </p>
      {/* relative: the hidden texts in the cells (sr-only, absolutely placed) then scroll with the table
          instead of widening the whole page on a phone. */}
      <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-card" data-testid="compare-table">
        <table className="w-full min-w-[34rem] table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">{summary}</caption>
          <thead>
            <tr>
              <td className="sticky left-0 z-10 w-28 bg-white p-3 sm:w-40 sm:p-4" />
              {cars.map((car) => (
                <th key={car.id} scope="col" className="p-3 align-top font-normal sm:p-4" data-testid="compare-car">
                  {car.image ? (
                    <img
                      src={car.image.url}
                      width={car.image.width}
                      height={car.image.height}
                      alt={car.image.alt}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] h-auto w-full rounded-lg bg-slate-100 object-cover"
                    />
                  ) : (
                    <div className="aspect-[4/3] w-full rounded-lg bg-slate-100" />
                  )}
                  <Link to={`/car/${car.id}`} className="mt-2 block font-semibold text-brand-900 hover:underline">
                    {car.title}
                  </Link>
                  <Link
                    to={car.removeHref}
                    preventScrollReset
                    className="mt-2 inline-flex min-h-[2.5rem] items-center text-sm font-semibold text-red-700 underline-offset-2 hover:underline"
                    data-testid="compare-remove"
                  >
                    Remove<span className="sr-only"> {car.title} from the comparison</span>
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.label}
                className={`border-t border-slate-100 ${row.differs ? 'bg-amber-50' : ''}`}
                data-testid="compare-row"
                data-differs={row.differs ? 'true' : 'false'}
              >
                <th
                  scope="row"
                  className={`sticky left-0 z-10 p-3 align-top font-semibold text-slate-700 sm:p-4 ${row.differs ? 'bg-amber-50' : 'bg-white'}`}
                >
                  {row.label}
                  {row.differs ? (
                    <span className="mt-1 block w-fit rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
                      Differs
                    </span>
                  ) : null}
                </th>
                {row.values.map((value, i) => (
                  <td key={cars[i]?.id ?? i} className="break-words p-3 align-top text-slate-800 sm:p-4">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
