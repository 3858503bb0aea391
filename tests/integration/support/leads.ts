// What the lead suites share: the REST routes and the answers a visitor reads, and sender
// addresses unique to the run, so a suite deletes exactly the messages it stored.
import { unique } from './wordpress';

export const CONTACT = '/car-export/v1/contact';
export const INQUIRIES = '/car-export/v1/inquiries';
export const CONTACT_SENT = 'Your message has been sent successfully!';
export const INQUIRY_SENT = 'Thank you! Your inquiry has been sent. We will contact you shortly.';
export const MISSING_CONTACT_FIELDS = 'Please fill in all required fields (First Name, Last Name, and Email).';

/** next() gives a new sender address; used lists every one given, for the suite's clean-up. */
export function senderAddresses(prefix: string): { next: () => string; used: string[] } {
  const used: string[] = [];
  return {
    used,
    next: () => {
      const email = `${unique(prefix)}@example.com`;
      used.push(email);
      return email;
    },
  };
}

/** A contact message that passes every check; overrides change single fields. */
export function contactBody(email: string, overrides: Record<string, unknown> = {}) {
  return { firstName: 'Ada', lastName: 'Lovelace', email, phoneNumber: '+1 (555) 010-2030', message: 'Hello there.', ...overrides };
}

/** An inquiry about a published car that passes every check; overrides change single fields. */
export function inquiryBody(emailAddress: string, carId: number, overrides: Record<string, unknown> = {}) {
  return { name: 'Grace Hopper', phoneNumber: '+44 20 7946 0000', emailAddress, carId, message: 'Is it still available?', ...overrides };
}
