import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { fieldText } from '~/forms/auth';
import { logout } from '~/lib/auth/session.server';

// Logout is a POST (the header's form), so a link or a prefetch can never sign anyone out.
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  return logout(request, fieldText(form, 'redirectTo') || '/');
}

export async function loader() {
  return redirect('/');
}
