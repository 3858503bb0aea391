// Phone numbers as staff type them in wp-admin ("+86 139 2050 8816") made into what links and
// structured data need. Browser-safe.

/** Digits only: wa.me wants the international number without "+", spaces or dashes. */
export function phoneDigits(number: string | null | undefined): string {
  // Stryker disable next-line StringLiteral: only the digits are kept, and any fallback without digits gives ''
  return (number ?? '').replace(/\D/g, '');
}

/** "+86 139 2050 8816" → "+8613920508816" (schema.org and tel: links want one unbroken number). */
export function compactPhone(number: string | null | undefined): string {
  const digits = phoneDigits(number);
  // Stryker disable next-line StringLiteral: the text is read only when it has digits, so never for a missing number
  const text = number ?? '';
  return digits ? `${text.trim().startsWith('+') ? '+' : ''}${digits}` : '';
}
