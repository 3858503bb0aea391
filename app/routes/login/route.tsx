import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { authPageLoader, signInAction } from '~/lib/auth-actions.server';
import { pageMeta } from '~/lib/meta';
import { pageHeaders } from '~/lib/http/cache.server';

export const headers = pageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Sign In',
    description: 'Sign in to your Car Export account to keep your favourite cars on every device.',
    path: '/login',
    matches,
    noIndex: true,
  });

export const loader = ({ request }: LoaderFunctionArgs) => authPageLoader(request);

export async function action({ request }: ActionFunctionArgs) {
  return signInAction(request);
}

export default function LoginPage() {
  const { redirectTo, favoriteCarId } = useLoaderData<typeof loader>();
  return <AuthPage mode="login" redirectTo={redirectTo} favoriteCarId={favoriteCarId} />;
}
