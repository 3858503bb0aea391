import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { authPageLoader, signUpAction } from '~/lib/auth/auth-actions.server';
import { staticPageMeta } from '~/lib/seo/meta';
import { pageHeaders } from '~/lib/http/cache-headers.server';

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Sign Up',
  description: 'Create a free Car Export account to save your favourite cars and find them on every device.',
  path: '/register',
  noIndex: true,
});

export const loader = ({ request, context }: LoaderFunctionArgs) => authPageLoader(request, context);

export async function action({ request, context }: ActionFunctionArgs) {
  return signUpAction(request, context);
}

export default function RegisterPage() {
  const { redirectTo, favoriteCarId } = useLoaderData<typeof loader>();
  return <AuthPage mode="register" redirectTo={redirectTo} favoriteCarId={favoriteCarId} />;
}
