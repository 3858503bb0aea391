// The deal page's server side: the deal (404 when it is not the buyer's) and the steps the buyer
// takes on it, each a plain form post answered by a redirect with a notice, or the page again with
// WordPress's sentence and what was typed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_HEADERS, requireBuyer } from '~/lib/account/account.server';
import { endSessionAndSignIn, isSessionEnded } from '~/lib/auth/session.server';
import { dealFailure, dealNotFound, isDealNotFound } from '~/lib/deals/deals.server';
import { dealPath } from '~/lib/deals/words';
import { failedPage, failureInit } from '~/lib/wordpress/failure.server';

/** The largest proof WordPress takes; a bigger one is refused here before it is sent on. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart envelope around the file. */
const ENVELOPE_BYTES = 64 * 1024;
export const MESSAGE_MAX = 2000;

export type DealActionData = { intent: string; error: string; message?: string };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, wordpress } = await requireBuyer(request, context);
  try {
    const deal = await wordpress.deal(auth.token, params.id ?? '');
    return json({ deal, done: new URL(request.url).searchParams.get('done') }, { headers: ACCOUNT_HEADERS });
  } catch (error) {
    if (isDealNotFound(error)) throw dealNotFound();
    if (isSessionEnded(error)) throw await endSessionAndSignIn(request, ACCOUNT_HEADERS);
    throw failedPage(error, 'This deal could not be loaded right now. Please try again in a moment.', 'Deal page');
  }
}

function refused(intent: string, status: number, error: string, message?: string, retryAfter?: number) {
  return json<DealActionData>({ intent, error, message }, failureInit({ status, retryAfter }));
}

const FALLBACK: Record<string, string> = {
  accept: 'The quote could not be accepted.',
  decline: 'The quote could not be declined.',
  message: 'Your message could not be sent.',
  proof: 'Your proof of payment could not be uploaded.',
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, wordpress } = await requireBuyer(request, context);
  const id = params.id ?? '';
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > PROOF_MAX_BYTES + ENVELOPE_BYTES) {
    return refused('proof', 413, 'The file is larger than 10 MB. Please upload a smaller PDF, JPEG or PNG.');
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused('', 400, 'The form could not be read. Please try again.');
  }
  const intent = String(form.get('intent') ?? '');
  const text = String(form.get('message') ?? '').trim();
  try {
    if (intent === 'accept' || intent === 'decline') {
      await wordpress.dealStep(auth.token, id, intent);
      return redirect(`${dealPath(id)}?done=${intent === 'accept' ? 'accepted' : 'declined'}`, { headers: ACCOUNT_HEADERS });
    }
    if (intent === 'message') {
      if (!text) return refused(intent, 400, 'Please write a message.');
      if (text.length > MESSAGE_MAX) return refused(intent, 400, `Please keep your message under ${MESSAGE_MAX} characters.`, text);
      await wordpress.sendDealMessage(auth.token, id, text);
      return redirect(`${dealPath(id)}?done=message#messages`, { headers: ACCOUNT_HEADERS });
    }
    if (intent === 'proof') {
      const file = form.get('file');
      if (!(file instanceof Blob) || file.size === 0) return refused(intent, 400, 'Please choose the file of your proof of payment.');
      if (file.size > PROOF_MAX_BYTES)
        return refused(intent, 413, 'The file is larger than 10 MB. Please upload a smaller PDF, JPEG or PNG.');
      await wordpress.uploadDealProof(
        auth.token,
        id,
        file,
        'name' in file && typeof file.name === 'string' && file.name ? file.name : 'proof',
      );
      return redirect(`${dealPath(id)}?done=proof`, { headers: ACCOUNT_HEADERS });
    }
  } catch (error) {
    if (isDealNotFound(error)) throw dealNotFound();
    if (isSessionEnded(error)) return endSessionAndSignIn(request, ACCOUNT_HEADERS);
    const failure = dealFailure(error, FALLBACK[intent] ?? 'That did not work.');
    return refused(intent, failure.status, failure.message, intent === 'message' ? text : undefined, failure.retryAfter);
  }
  return refused(intent, 400, 'Please use one of the buttons on this page.');
}
