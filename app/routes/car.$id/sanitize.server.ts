// The Seller Note is HTML typed by staff in wp-admin. It is sanitised on the server, in the loader,
// so the browser receives only harmless markup and no sanitiser has to ship in the page's JavaScript.
import DOMPurify from 'isomorphic-dompurify';

/** What a seller note may contain: text formatting, lists, links, tables and pictures. */
const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'hr', 'span',
  'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope', 'target', 'rel', 'loading'];

/** Links in a note lead off the site: they open beside the page without handing it over. */
function noteHook(node: Element) {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  }
}

/**
 * Safe HTML of a seller note: no scripts, styles, iframes, forms or event handlers; only http(s),
 * mailto, tel and same-site links. "" when nothing visible remains.
 */
export function sanitizeSellerNote(html: string): string {
  if (!html.trim()) return '';
  // The DOMPurify instance is process-wide and shared with other sanitisers, so the hook is added
  // for this call only; sanitize() is synchronous, so no other call runs while it is installed.
  DOMPurify.addHook('afterSanitizeAttributes', noteHook);
  let clean: string;
  try {
    clean = DOMPurify.sanitize(html, {
      ALLOWED_TAGS,
      ALLOWED_ATTR,
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
      FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed', 'svg', 'math'],
      FORBID_ATTR: ['style', 'class', 'id'],
      KEEP_CONTENT: true,
    }).trim();
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', noteHook);
  }
  // A note of empty paragraphs only (or of markup that was all removed) has nothing to show.
  const visible = clean.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
  return visible === '' && !/<img\b/i.test(clean) ? '' : clean;
}
