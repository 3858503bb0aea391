// /account/deals/:id/files/:fileId: a document released to the deal's buyer, for that buyer only.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { dealDownload } from '~/lib/deals/download.server';

export const loader = (args: LoaderFunctionArgs) => dealDownload(args, { fileId: args.params.fileId ?? '' });
