// The root route's data (who is signed in, their favourite ids, the site's origin), typed from its
// loader, for any component or hook below the root.
import type { SerializeFrom } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '~/lib/page/root-loader.server';

export type RootLoaderData = SerializeFrom<typeof loader>;

/** The root loader's data (undefined while the root loader itself is in error). */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<RootLoaderData>('root');
}
