import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { authPageLoader, signUpAction } from '~/lib/auth-actions.server';
import { pageMeta } from '~/lib/meta';
import { pageHeaders } from '~/lib/http/cache.server';

export const headers = pageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Sign Up',
    description: 'Create a free Car Export account to save your favourite cars and find them on every device.',
    path: '/register',
    matches,
    noIndex: true,
  });

export const loader = ({ request }: LoaderFunctionArgs) => authPageLoader(request);

export async function action({ request }: ActionFunctionArgs) {
  return signUpAction(request);
}

export default function RegisterPage() {
  const { redirectTo, favoriteCarId } = useLoaderData<typeof loader>();
  return <AuthPage mode="register" redirectTo={redirectTo} favoriteCarId={favoriteCarId} />;
}
