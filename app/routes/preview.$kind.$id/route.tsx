// /preview/:kind/:id?token=… — a staff preview of an unpublished car or news post, opened from
// WordPress (Preview button, "Preview on site"). The signed link is checked here and again by
// WordPress; a missing, altered or expired link gets 403 and a page saying what to do. Never cached
// (the page cache skips it too) and never indexed.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { CarBanner, PriceSummary } from '~/components/car-detail/CarHeader';
import { Features, SellerNote, Specifications } from '~/components/car-detail/CarSections';
import { Gallery } from '~/components/car-detail/Gallery';
import { NewsArticleView } from '~/components/content/NewsArticleView';
import { pageMeta } from '~/lib/seo/meta';
import { loadPreview, PREVIEW_FAILED, PREVIEW_HEADERS } from './preview-model.server';
import { PreviewNotice } from './PreviewNotice';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return json(await loadPreview(params, request, context), { headers: PREVIEW_HEADERS });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const out = new Headers(PREVIEW_HEADERS);
  const retryAfter = (errorHeaders ?? loaderHeaders).get('Retry-After');
  if (retryAfter) out.set('Retry-After', retryAfter);
  return out;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const title = data ? `Preview: ${data.kind === 'car' ? data.car.title : data.post.title}` : 'Preview unavailable';
  return pageMeta({ title, description: 'Staff preview of an unpublished page.', path: location.pathname, matches, noIndex: true });
};

function CarPreview({ data }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: 'car' }> }) {
  const { car, facts } = data;
  return (
    <>
      <CarBanner title={car.title} subtitle={car.subtitle} backTo="/explore-cars" />
      <div className="bg-slate-50/70">
        <div className="container-page grid items-start gap-6 py-6 md:py-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
          <div className="flex min-w-0 flex-col gap-6">
            <Gallery key={car.id} images={car.images} title={car.title} />
            <Specifications specs={car.specs} />
            <Features features={car.features} />
            <SellerNote html={car.description} />
          </div>
          <aside aria-label="Price" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6">
            <PriceSummary car={car} facts={facts} />
          </aside>
        </div>
      </div>
    </>
  );
}

function PostPreview({ data }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: 'post' }> }) {
  return <NewsArticleView post={data.post} dateLabel={data.dateLabel} />;
}

export default function PreviewRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PreviewNotice expiresAt={data.expiresAt} unsavedEdits={data.unsavedEdits} />
      {data.kind === 'car' ? <CarPreview data={data} /> : <PostPreview data={data} />}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : PREVIEW_FAILED;
  if (!isRouteErrorResponse(error)) console.error(error);
  const title = isRouteErrorResponse(error) && error.status === 403 ? 'Preview link not valid' : 'Preview unavailable';
  // No Retry button: the same link gives the same answer; a fresh link comes from WordPress.
  return (
    <div className="container-page py-16 md:py-24">
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50/60 px-6 py-10 text-center"
        data-testid="preview-refused"
      >
        <h1 className="text-2xl font-bold text-brand-950">{title}</h1>
        <p className="mt-3 text-sm text-red-700">{message}</p>
      </div>
    </div>
  );
}
