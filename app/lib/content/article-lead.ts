// Whether an article's excerpt is worth printing above its body. WordPress makes the excerpt of a
// post without a hand-written one from the start of its text, so printing it as the lead would
// show the first paragraph twice; a hand-written excerpt says something the body does not.

/** Letters and digits only, lower case: markup, entities, punctuation and spacing ignored. */
function words(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** True when the excerpt is only the beginning of the body (WordPress's automatic excerpt). */
export function excerptRepeatsBody(excerpt: string, bodyHtml: string): boolean {
  const lead = words(excerpt.replace(/(…|\.\.\.|\[…\])\s*$/u, ''));
  return lead !== '' && words(bodyHtml).startsWith(lead);
}
