// /account/deals/:id/invoice.pdf: the deal's proforma invoice, for its buyer only.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { dealDownload } from '~/lib/deals/download.server';

export const loader = (args: LoaderFunctionArgs) => dealDownload(args, { invoice: true });
