// The car page's server side: the loader, the inquiry action and the cache headers. One server module
// for the route: each *.server module a route imports is an empty module in the browser build, and one
// shared by several routes becomes a tiny chunk of its own that the page would download for nothing.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { CAR_LOAD_FAILED_MESSAGE, CAR_NOT_FOUND_MESSAGE } from '~/routes/car.$id/CarStatePages';
import { inquiryAction } from '~/routes/car.$id/inquiry-action.server';
import { sanitizeSellerNote } from '~/lib/html/sanitize.server';
import { carJsonLd, carMetaDescription, htmlToText, keyFacts, truncate } from '~/lib/seo/car-structured-data';
import { parseCarId } from '~/forms/car-id';
import { serializeJsonLd } from '~/lib/seo/jsonld';
import { leadFormStamp } from '~/lib/leads/leads.server';
import { cacheHeaders, pagePolicy } from '~/lib/http/cache-headers.server';
import { publicOrigin } from '~/lib/server/env.server';
import { rememberViewScript } from '~/lib/page/early-scripts.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { failedPage } from '~/lib/wordpress/failure.server';
import { backToFrom, carriedFrom } from './back-to';
import { portEstimate } from './shipping-model.server';
import { dealAction } from '~/lib/deals/deal-form.server';
import { BUY_NOW_INTENT, QUOTE_INTENT, dealFormValues } from '~/lib/deals/deal-form';

/** Cache-Control from the loader's policy (none when it sets a cookie), Vary: Cookie, Retry-After. */
export { pageHeaders as headers } from '~/lib/http/cache-headers.server';

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
    throw failedPage(error, CAR_LOAD_FAILED_MESSAGE, `Car ${id}`);
  }
  const { car, settings, ports } = page;
  if (!car) {
    // Short: a car that does not exist yet may be published any minute.
    throw json({ message: CAR_NOT_FOUND_MESSAGE }, { status: 404, headers: cacheHeaders('missing') });
  }

  const pageUrl = `${publicOrigin()}/car/${car.id}`;
  const sellerNote = sanitizeSellerNote(car.description);
  const noteText = htmlToText(sellerNote);
  // A sold car keeps its page (200): its address has links and search traffic.
  const shipping = portEstimate(request, ports, car.priceValue);
  // A chosen port shows on the page, so such a page is the visitor's own; choosing one sets a cookie.
  const policy = pagePolicy(request, { personal: shipping.personal, setsCookie: Boolean(shipping.setCookie) });
  const headers = new Headers(cacheHeaders(policy));
  if (shipping.setCookie) headers.set('Set-Cookie', shipping.setCookie);
  return json(
    {
      // Similar cars as their cards show them: their descriptions and features would only weigh
      // on the page's data.
      car: { ...car, description: sellerNote, similar: car.similar.map(({ description, features, ...card }) => card) },
      facts: keyFacts(car),
      contact: { phone: settings.phone, whatsapp: settings.whatsapp },
      pageUrl,
      backTo: backToFrom(url.search),
      from: carriedFrom(url.search),
      metaDescription: carMetaDescription(car),
      jsonLd: serializeJsonLd(carJsonLd(car, pageUrl, truncate(noteText, 5000))),
      form: leadFormStamp(),
      shipping: shipping.model,
      early: rememberViewScript(car.id),
      // A guest sent to sign in from the deal form comes back here with what they had chosen.
      dealChoices: url.searchParams.has('deal') ? dealFormValues((name) => url.searchParams.get(name)) : null,
    },
    { status: shipping.status, headers },
  );
}

/**
 * The inquiry form, and the deal form (a quote request or Buy Now). Both work without JavaScript: a
 * plain POST renders the page with the answer, or a deal redirects to its own page.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  const type = request.headers.get('content-type') ?? '';
  // A body too big for either form is left to the inquiry action, which refuses it unread.
  const small = !(Number(request.headers.get('content-length')) > 64 * 1024);
  if (small && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'))) {
    let form: FormData | null = null;
    try {
      form = await request.clone().formData();
    } catch {
      form = null;
    }
    const intent = form?.get('intent');
    const id = parseCarId(params.id);
    if (form && id !== null && (intent === QUOTE_INTENT || intent === BUY_NOW_INTENT)) {
      return dealAction(request, context, form, id, async (portId) => {
        const page = await wordpressOf(context).carPage(id);
        return page.ports.find((p) => p.id === portId)?.country ?? null;
      });
    }
  }
  return inquiryAction(args);
}
