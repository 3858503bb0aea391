// The lead forms' hidden guard fields, shared by the form (LeadFormGuard) and the server that reads
// them (leads.server.ts).

/** The honeypot's field name: one a form-filling bot expects to complete. */
export const HONEYPOT_FIELD = 'website';

/** Empty in the page's HTML; the page's script fills it in with scriptProof(formKey) when the form is sent. */
export const SCRIPT_FIELD = 'formScript';

/**
 * What the page's script puts in SCRIPT_FIELD. Not a secret: it only shows that the form was sent
 * by a browser that ran the page, which a bot posting the fields it scraped from the HTML did not.
 * With it, a person whose browser autofills the form and who sends it a second after the page
 * loaded is not taken for a bot.
 */
export function scriptProof(formKey: string): string {
  return `js.${[...formKey].reverse().join('')}`;
}
