// The field rules both tiers apply. field-rules.json holds the limits and patterns of the fields
// visitors type (lengths count characters after trimming); the plugin's src/Rest/FieldRules.php is
// generated from it (`node scripts/field-rules.mjs write`; `npm run lint` fails when it is stale), and
// tests/fixtures/field-rules-cases.json lists values both tiers must answer alike. Plain functions,
// so the browser checks use them without zod. The JSON carries no comment: it ships to the browser.
import RULES from './field-rules.json';

export const FIELD_RULES = RULES;

// Unicode mode, as the plugin's PCRE (u) reads them: \p{L} is a letter of any script.
const PHONE = new RegExp(RULES.phone.pattern, 'u');
const USERNAME = new RegExp(RULES.username.pattern, 'u');

/** A phone number: digits with spaces, +, -, ( and ) only, and at least minDigits digits. */
export function isPhone(text: string): boolean {
  const phone = text.trim();
  return PHONE.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= RULES.phone.minDigits;
}

/** A user name WordPress keeps as typed: letters of any script, digits, _ . @ - and single spaces between them. */
export function isUsername(text: string): boolean {
  return USERNAME.test(text.trim());
}

/** Passwords are measured as WordPress measures them: without surrounding spaces. */
export function passwordLength(password: string): number {
  return password.trim().length;
}

const EMAIL_LOCAL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const EMAIL_LABEL = /^[a-z0-9-]+$/i;

/**
 * WordPress's own e-mail rule (is_email), so an address the form accepts is one WordPress takes: at
 * least 6 characters, one @ after the first character, the usual local-part characters, and a domain
 * of two or more labels of letters, digits and inner hyphens.
 */
export function isEmail(text: string): boolean {
  const email = text.trim();
  if (email.length < 6) return false;
  const at = email.indexOf('@', 1);
  if (at < 1) return false;
  // Stryker disable next-line ConditionalExpression: a second @ lands in the domain, whose labels refuse it below anyway
  if (email.indexOf('@', at + 1) !== -1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!EMAIL_LOCAL.test(local) || domain.includes('..') || /^[.\s]|[.\s]$/.test(domain)) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => EMAIL_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'));
}

/** Whether a value passes every rule of its field, lengths included (what the shared table records). */
export const FIELD_ACCEPTS = {
  phone: (v: string) => isPhone(v) && v.trim().length <= RULES.phone.max,
  username: (v: string) => isUsername(v) && v.trim().length >= RULES.username.min && v.trim().length <= RULES.username.max,
  password: (v: string) => passwordLength(v) >= RULES.password.min && passwordLength(v) <= RULES.password.max,
  email: (v: string) => isEmail(v) && v.trim().length <= RULES.email.max,
} as const;
