// /car/:id — the car detail page: banner, gallery, contact
// buttons, specifications, features, Seller Note, the sticky inquiry column, Car + Offer JSON-LD.
// Real statuses: 404 "Car Not Found" for an unknown or malformed id, 503 when WordPress fails.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
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
import { inquiryAction } from '~/routes/car.$id/inquiry-action.server';
import { sanitizeSellerNote } from '~/lib/html/sanitize.server';
import { carJsonLd, carMetaDescription, htmlToText, keyFacts, truncate } from '~/lib/car-structured-data';
import { INQUIRY_INTENT, INQUIRY_MESSAGES, inquiryValues, type InquiryActionData } from '~/forms/inquiry';
import { parseCarId } from '~/forms/car-id';
import { serializeJsonLd } from '~/lib/jsonld';
import { leadFormStamp } from '~/lib/leads/leads.server';
import { imageHints, pageMeta } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { cacheHeaders, pageHeaders, pagePolicy } from '~/lib/http/cache.server';
import { publicOrigin } from '~/lib/env.server';
import { useNonce } from '~/lib/nonce';
import { wordpressOf } from '~/lib/load-context.server';
import { useRememberViewedCar } from '~/lib/recently-viewed';
import { portLabel, SHIPPING_LABELS } from '~/lib/shipping/landed-price';
import { SaleNotice } from './SaleNotice';
import { deferred } from '~/lib/deferred';
import { portEstimate } from './shipping-model.server';
import * as ServerSections from './deferred.server';

// The inquiry form (a plain POST form until then) and the sections below the fold hydrate after the rest of the page: their code is not
// part of the first-load JavaScript (budget: 110 KB gzip), the server still renders them whole.
const InquiryForm = deferred(() => import('./deferred-sections').then((m) => m.InquiryForm), ServerSections.InquiryForm);
const PortEstimator = deferred(() => import('./deferred-sections').then((m) => m.PortEstimator), ServerSections.PortEstimator);
const ShareLinks = deferred(() => import('./deferred-sections').then((m) => m.ShareLinks), ServerSections.ShareLinks);
const SimilarCars = deferred(() => import('./deferred-sections').then((m) => m.SimilarCars), ServerSections.SimilarCars);

const LIST_PATH = '/explore-cars';
const FORM_ID = 'inquiry';

/** Where Back to Cars leads: ?from= when it is a path on this site, else the car list. */
function backToFrom(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('from'), LIST_PATH);
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = parseCarId(params.id);
  if (id === null) {
    throw json({ message: CAR_NOT_FOUND_MESSAGE }, { status: 404, headers: cacheHeaders('public') });
  }

  let page;
  try {
    // The car and the seller's phone/WhatsApp numbers in one round trip (and one cache entry).
    page = await wordpressOf(context).carPage(id);
  } catch (error) {
    console.error(`Car ${id}: WordPress failed:`, error instanceof Error ? error.message : error);
    throw json({ message: CAR_LOAD_FAILED_MESSAGE }, { status: 503, headers: cacheHeaders('none', { 'Retry-After': '30' }) });
  }
  const { car, settings, ports } = page;
  if (!car) {
    // Short: a car that does not exist yet may be published any minute.
    throw json({ message: CAR_NOT_FOUND_MESSAGE }, { status: 404, headers: { 'Cache-Control': 'public, max-age=30' } });
  }

  const pageUrl = `${publicOrigin()}/car/${car.id}`;
  const sellerNote = sanitizeSellerNote(car.description);
  const noteText = htmlToText(sellerNote);
  // A sold car keeps its page (200): its address has links and search traffic.
  const shipping = portEstimate(request, ports, car.priceValue);
  // A chosen port shows on the page, so such a page is the visitor's own; choosing one sets a cookie.
  const policy = shipping.setCookie ? 'none' : shipping.personal ? 'personal' : pagePolicy(request);
  const headers = new Headers(cacheHeaders(policy));
  if (shipping.setCookie) headers.set('Set-Cookie', shipping.setCookie);
  return json(
    {
      car: { ...car, description: sellerNote },
      facts: keyFacts(car),
      contact: { phone: settings.phone, whatsapp: settings.whatsapp },
      pageUrl,
      backTo: backToFrom(url.search),
      metaDescription: carMetaDescription(car),
      jsonLd: serializeJsonLd(carJsonLd(car, pageUrl, truncate(noteText, 5000))),
      form: leadFormStamp(),
      shipping: shipping.model,
    },
    { status: shipping.status, headers },
  );
}

/** The inquiry form (works without JavaScript: a plain POST renders the page with the answer). */
export const action = (args: ActionFunctionArgs) => inquiryAction(args);

/**
 * With JavaScript the post runs through here: when it cannot reach the site at all (offline, the
 * connection dropped) the form shows the inquiry's failure message and keeps what was typed, instead
 * of the page turning into an error page.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<InquiryActionData> {
  const values = inquiryValues(Object.fromEntries(await request.clone().formData()));
  try {
    return await serverAction<typeof action>();
  } catch {
    return { ok: false, message: INQUIRY_MESSAGES.failed, values, networkError: true };
  }
}

/** Cache-Control from the loader's policy (none when it sets a cookie), Vary: Cookie, Retry-After. */
export const headers = pageHeaders;

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
  const { car, facts, contact, pageUrl, backTo, jsonLd, form, shipping } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const actionData = useActionData<typeof action>();
  useRememberViewedCar(car.id);
  const shipTo = shipping.port
    ? { portId: shipping.port.id, method: shipping.method, label: `${portLabel(shipping.port)}, ${SHIPPING_LABELS[shipping.method]}` }
    : null;
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
            <PortEstimator model={shipping} hasPrice={car.priceValue !== null} action={`/car/${car.id}`} />
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
                <InquiryForm key={car.id} carId={car.id} noScriptResult={actionData} stamp={form} shipTo={shipTo} notice={inquiryNotice} />
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
