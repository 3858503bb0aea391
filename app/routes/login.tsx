import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { returnTo, signInAction } from '~/lib/auth-actions.server';
import { favoriteIntentFrom } from '~/lib/favorite-intent.server';
import { pageMeta } from '~/lib/meta';
import { getSessionUser } from '~/lib/session.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Sign In',
    description: 'Sign in to your Car Export account to keep your favourite cars on every device.',
    path: '/login',
    matches,
    noIndex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = returnTo(request);
  // Already signed in (e.g. a second tab): nothing to do here.
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return json({ redirectTo, favoriteCarId: favoriteIntentFrom(request) }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action({ request }: ActionFunctionArgs) {
  return signInAction(request);
}

export default function LoginPage() {
  const { redirectTo, favoriteCarId } = useLoaderData<typeof loader>();
  return <AuthPage mode="login" redirectTo={redirectTo} favoriteCarId={favoriteCarId} />;
}
