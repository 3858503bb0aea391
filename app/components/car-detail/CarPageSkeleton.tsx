/**
 * The car page's loading state: grey blocks in the page's own layout (banner, photo, price and
 * inquiry panel), shown while a car's data is on its way after a click in a list.
 */
export function CarPageSkeleton() {
  const block = 'rounded-xl bg-slate-200/80';
  return (
    <div aria-busy="true" data-testid="car-page-loading">
      <p className="sr-only">Loading car details…</p>
      <div aria-hidden="true">
        <div className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800">
          <div className="container-page animate-pulse space-y-3 py-8 motion-reduce:animate-none md:py-10">
            <div className="h-4 w-28 rounded bg-white/20" />
            <div className="h-8 w-2/3 max-w-xl rounded bg-white/25" />
          </div>
        </div>
        <div className="bg-slate-50/70">
          <div className="container-page grid animate-pulse items-start gap-6 py-6 motion-reduce:animate-none md:py-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
            <div className="flex min-w-0 flex-col gap-6">
              <div className={`aspect-[4/3] w-full ${block}`} />
              <div className="grid grid-cols-3 gap-3">
                <div className={`h-11 ${block}`} />
                <div className={`h-11 ${block}`} />
                <div className={`h-11 ${block}`} />
              </div>
              <div className={`h-40 ${block}`} />
            </div>
            <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6">
              <div className="h-8 w-1/2 rounded bg-slate-200/80" />
              <div className="h-4 w-3/4 rounded bg-slate-200/80" />
              <div className={`h-10 ${block}`} />
              <div className={`h-10 ${block}`} />
              <div className={`h-24 ${block}`} />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
