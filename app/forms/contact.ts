// The contact form's rules, shared by the browser and the /contact-us action.
//
// Two faces on purpose: `contactProblem` here is a plain function for the browser, and
// `parseContact` in contact.server.ts is the zod schema the server trusts; both give the spec's
// sentence for a missing required field. zod stays in the .server module because esbuild keeps an
// imported package in the page bundle even when only server code uses it (about 14 KB gzip).

export const CONTACT_MESSAGES = {
  missing: 'Please fill in all required fields (First Name, Last Name, and Email).',
  success: 'Your message has been sent successfully!',
  failed: 'Failed to send your message. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  invalidEmail: 'Please enter a valid e-mail address.',
} as const;

/** WordPress's limits (ContactController), so a long text is refused here with a clear sentence. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** What the visitor typed, as text (kept and shown again when sending fails). */
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { firstName: '', lastName: '', email: '', phoneNumber: '', message: '' };

/** What the action answers the page: the spec's green or red message, and the values to keep. */
export type ContactActionResult =
  | { ok: true; message: string }
  /** `networkError`: the post never reached the site (offline, connection dropped). */
  | { ok: false; error: string; values: ContactValues; networkError?: true };

export function contactValues(form: FormData): ContactValues {
  const out = { ...EMPTY_CONTACT };
  for (const name of CONTACT_FIELDS) {
    const value = form.get(name);
    out[name] = typeof value === 'string' ? value : '';
  }
  return out;
}

/**
 * The browser-side check: the three required fields present (whitespace counts as empty). The
 * e-mail's format is the browser's type="email" check; the server repeats every rule.
 */
export function contactProblem(values: ContactValues): string | null {
  if (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim()) return CONTACT_MESSAGES.missing;
  return null;
}
