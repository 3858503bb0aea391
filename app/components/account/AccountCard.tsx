// The account area's cards and its forms' busy state, shared by the account page and the deal page.
import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A titled card of the account area; its heading names the section for assistive technology. */
export function AccountCard({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6 ${className}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Whether the page is sending the form whose hidden `intent` field is `intent`. */
export function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}
