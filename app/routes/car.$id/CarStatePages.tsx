import { Link } from '@remix-run/react';
import { buttonClass } from '~/components/ui/Button';
import { ArrowLeftIcon, ImageIcon } from '~/components/car-detail/icons';

export const CAR_NOT_FOUND_MESSAGE = 'The requested car could not be found.';
export const CAR_LOAD_FAILED_MESSAGE = 'Failed to load car details';

/** An unknown car: "Car Not Found" with its message and a Back to Cars link (served with 404). */
export function CarNotFound({ backTo, message = CAR_NOT_FOUND_MESSAGE }: { backTo: string; message?: string }) {
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20 md:py-28" aria-labelledby="car-not-found-title">
      <div className="max-w-lg text-center">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <ImageIcon className="h-8 w-8" />
        </span>
        <h1 id="car-not-found-title" className="mt-6 text-2xl font-bold text-slate-900 md:text-3xl">
          Car Not Found
        </h1>
        <p className="mt-3 text-slate-600">{message}</p>
        <Link to={backTo} className={buttonClass('primary', 'mt-8 px-6 py-3')}>
          <ArrowLeftIcon className="h-4 w-4" />
          Back to Cars
        </Link>
      </div>
    </section>
  );
}

/**
 * WordPress could not be asked (503): the error panel ("An error occurred" / "Retry") with
 * "Failed to load car details". Retry is a link to the same address, so it works without JavaScript too.
 */
export function CarLoadError({ retryTo, backTo }: { retryTo: string; backTo: string }) {
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20 md:py-28" aria-labelledby="car-error-title">
      <div role="alert" className="w-full max-w-lg rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
        <h1 id="car-error-title" className="text-xl font-bold text-red-800">
          An error occurred
        </h1>
        <p className="mt-2 text-red-700">{CAR_LOAD_FAILED_MESSAGE}</p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <Link to={retryTo} replace className={buttonClass('primary', 'px-6')}>
            Retry
          </Link>
          <Link to={backTo} className={buttonClass('outline', 'px-6')}>
            Back to Cars
          </Link>
        </div>
      </div>
    </section>
  );
}
