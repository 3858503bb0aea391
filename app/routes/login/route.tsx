import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { authPageLoader, signInAction } from '~/lib/auth/auth-actions.server';
import { staticPageMeta } from '~/lib/seo/meta';
import { pageHeaders } from '~/lib/http/cache-headers.server';

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Sign In',
  description: 'Sign in to your Car Export account to keep your favourite cars on every device.',
  path: '/login',
  noIndex: true,
});

export const loader = ({ request, context }: LoaderFunctionArgs) => authPageLoader(request, context);

export async function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context);
}

export default function LoginPage() {
  const { redirectTo, favoriteCarId, sessionEnded } = useLoaderData<typeof loader>();
  return <AuthPage mode="login" redirectTo={redirectTo} favoriteCarId={favoriteCarId} sessionEnded={sessionEnded} />;
}
