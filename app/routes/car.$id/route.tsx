// /car/:id — the car detail page: banner, gallery, contact
// buttons, specifications, features, Seller Note, the sticky inquiry column, Car + Offer JSON-LD.
// Real statuses: 404 "Car Not Found" for an unknown or malformed id, 503 when WordPress fails.
import type { MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteError,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { CarBanner, PriceSummary } from '~/components/car-detail/CarHeader';
import { Features, SellerNote, Specifications } from '~/components/car-detail/CarSections';
import { CAR_LOAD_FAILED_MESSAGE, CAR_NOT_FOUND_MESSAGE, CarLoadError, CarNotFound } from '~/routes/car.$id/CarStatePages';
import { RecentlyViewedSection } from '~/components/car/RecentlyViewedSection';
import { ContactButtons } from '~/routes/car.$id/ContactButtons';
import { Gallery, galleryPreload, gallerySrc } from '~/components/car-detail/Gallery';
import { INQUIRY_FORM_ID as FORM_ID, INQUIRY_INTENT, INQUIRY_MESSAGES, inquiryValues, type InquiryActionData } from '~/forms/inquiry';
import { imageHints, pageMeta } from '~/lib/seo/meta';
import { useNonce } from '~/lib/page/nonce';
import { useRememberViewedCar } from '~/lib/device/recently-viewed';
import { SaleNotice } from './SaleNotice';
import { DealForm } from './DealForm';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { BUY_NOW_INTENT, QUOTE_INTENT, type DealFormAnswer } from '~/lib/deals/deal-form';
import { deferred } from '~/lib/page/deferred';
import * as ServerSections from '~/routes/car.$id/deferred.server';
import { backToFrom } from './back-to';
import { action, headers, loader } from './page.server';

export { action, headers, loader };

// The inquiry form (a plain POST form until then) and the sections below the fold hydrate after the
// rest of the page: their code is not part of the first-load JavaScript, the server renders them whole.
const InquiryForm = deferred(() => import('./deferred-sections').then((m) => m.InquiryForm), ServerSections.InquiryForm);
const PortEstimator = deferred(() => import('./deferred-sections').then((m) => m.PortEstimator), ServerSections.PortEstimator);
const ShareLinks = deferred(() => import('./deferred-sections').then((m) => m.ShareLinks), ServerSections.ShareLinks);
const SimilarCars = deferred(() => import('./deferred-sections').then((m) => m.SimilarCars), ServerSections.SimilarCars);

/**
 * With JavaScript the post runs through here: when it cannot reach the site at all (offline, the
 * connection dropped) the form shows the inquiry's failure message and keeps what was typed, instead
 * of the page turning into an error page.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<InquiryActionData | DealFormAnswer> {
  const posted = Object.fromEntries(await request.clone().formData());
  // A deal answers with a redirect to the new deal, which Remix must follow, or its own refusal.
  if (posted.intent === QUOTE_INTENT || posted.intent === BUY_NOW_INTENT) return serverAction<typeof action>() as Promise<DealFormAnswer>;
  const values = inquiryValues(posted);
  try {
    return await serverAction<typeof action>();
  } catch {
    return { ok: false, message: INQUIRY_MESSAGES.failed, values, networkError: true };
  }
}

/** An inquiry changes nothing the page shows: after one, only the root (session) data reloads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === INQUIRY_INTENT ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, error, matches, location }) => {
  if (!data) {
    const notFound = !error || (isRouteErrorResponse(error) && error.status === 404);
    return pageMeta({
      title: notFound ? 'Car Not Found' : CAR_LOAD_FAILED_MESSAGE,
      description: notFound ? CAR_NOT_FOUND_MESSAGE : 'The car details could not be loaded right now. Please try again.',
      path: location.pathname,
      matches,
      noIndex: true,
    });
  }
  const { car } = data;
  const first = car.images[0];
  return [
    ...pageMeta({
      // "2024 BYD Seal Performance AWD – $38,900 | Car Export"
      title: `${car.title} – ${car.price}`,
      description: data.metaDescription,
      path: `/car/${car.id}`,
      matches,
      image: first?.url ?? car.image,
      type: 'product',
    }),
    // The first photo is the page's largest paint.
    ...(first ? imageHints(gallerySrc(first), galleryPreload(first)) : []),
  ];
};

export default function CarDetailRoute() {
  const { car, facts, contact, pageUrl, backTo, from, jsonLd, form, shipping, early, dealChoices } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const answer = useActionData<typeof action>();
  // The action answers either form: a deal's refusal names itself, anything else is the inquiry's.
  const dealAnswer = answer && 'dealError' in answer ? (answer as DealFormAnswer) : null;
  const actionData = answer && !('dealError' in answer) ? (answer as InquiryActionData) : undefined;
  useRememberViewedCar(car.id);
  const shipTo =
    shipping.port && shipping.inquiryLabel ? { portId: shipping.port.id, method: shipping.method, label: shipping.inquiryLabel } : null;
  const inquiryNotice =
    car.saleStatus === 'sold'
      ? 'This car has been sold. Ask us anyway: we will tell you about similar cars.'
      : car.saleStatus === 'reserved'
        ? 'This car is reserved. Ask us anyway: we will tell you if it comes back on sale.'
        : null;

  return (
    <>
      {/* Crawlers: schema.org Car + Offer; serializeJsonLd escapes "<", so nothing can end the script early. */}
      <script nonce={nonce} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <CarBanner title={car.title} subtitle={car.subtitle} backTo={backTo} />

      <div className="bg-slate-50/70">
        <div className="container-page grid items-start gap-6 py-6 md:py-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
          <div className="flex min-w-0 flex-col gap-6">
            <SaleNotice status={car.saleStatus} hasSimilar={car.similar.length > 0} />
            {/* Keyed by car: another car starts at its first photo. */}
            <Gallery key={car.id} images={car.images} title={car.title} />
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card lg:hidden">
              <PriceSummary car={car} facts={facts} />
            </div>
            <ContactButtons car={car} pageUrl={pageUrl} whatsapp={contact.whatsapp} phone={contact.phone} formId={FORM_ID} />
            {/* A sold car cannot be shipped to anyone: no landed price for it, only the similar cars. */}
            {car.saleStatus === 'sold' ? null : (
              <PortEstimator model={shipping} hasPrice={car.priceValue !== null} action={`/car/${car.id}`} from={from} />
            )}
            {/* Only a car on sale can be quoted or bought: a reserved or sold one says so above. */}
            {car.saleStatus === 'available' ? (
              <DealForm
                key={car.id}
                carId={car.id}
                ports={shipping.ports}
                hasPrice={car.priceValue !== null}
                formKey={form.formKey}
                values={dealAnswer?.values ?? dealChoices}
                error={dealAnswer?.dealError ?? null}
                estimatePortId={shipping.port?.id ?? null}
              />
            ) : dealAnswer ? (
              // Reserved or sold while the buyer was choosing: WordPress's sentence says which.
              <ErrorBox className="scroll-mt-24">{dealAnswer.dealError}</ErrorBox>
            ) : null}
            <Specifications specs={car.specs} />
            <Features features={car.features} />
            <SellerNote html={car.description} />
            <ShareLinks car={car} pageUrl={pageUrl} />
          </div>

          {/* Sticky beside the page on wide, tall enough screens; below the details on mobile. */}
          <aside aria-label="Price and inquiry" className="lg:[@media(min-height:760px)]:sticky lg:[@media(min-height:760px)]:top-24">
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6">
              <div className="mb-6 hidden border-b border-slate-100 pb-6 lg:block">
                <PriceSummary car={car} facts={facts} />
              </div>
              <section id={FORM_ID} aria-labelledby="inquiry-title" className="scroll-mt-24">
                <h2 id="inquiry-title" className="mb-4 text-lg font-bold text-brand-950">
                  Send an Inquiry for this Car
                </h2>
                {/* Keyed by car: another car starts with an empty form and no message. */}
                <InquiryForm
                  key={car.id}
                  carId={car.id}
                  noScriptResult={actionData}
                  stamp={form}
                  shipTo={shipTo}
                  notice={inquiryNotice}
                  quote={shipping.unlisted}
                />
              </section>
            </div>
          </aside>
        </div>
        {car.similar.length > 0 ? (
          <div className="container-page pb-10">
            <SimilarCars cars={car.similar} shipTo={shipping.port ? { port: shipping.port, method: shipping.method } : null} />
          </div>
        ) : null}
      </div>
      <RecentlyViewedSection currentId={car.id} />
      {/* The view is recorded while the page is read, not only once it hydrates; last, as an inline
          script waits for the stylesheet and would hold back the parsing of what follows it. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: early }} />
    </>
  );
}

/** 404 → Car Not Found; anything else (WordPress down, 503) → the error panel with Retry. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const backTo = backToFrom(location.search);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <CarNotFound backTo={backTo} />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <CarLoadError retryTo={`${location.pathname}${location.search}`} backTo={backTo} />;
}
