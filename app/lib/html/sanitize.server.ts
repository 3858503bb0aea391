// A news post's HTML made safe to render: sanitised on the server, in the loader, so the browser
// receives only harmless markup and no sanitiser ships in the page's JavaScript.
import DOMPurify from 'isomorphic-dompurify';

/** Article pictures are never the page's LCP element (the hero is): they load lazily. */
function articleHook(node: Element) {
  if (node.tagName === 'IMG') {
    if (!node.getAttribute('loading')) node.setAttribute('loading', 'lazy');
    if (!node.getAttribute('decoding')) node.setAttribute('decoding', 'async');
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  }
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('rel', 'noopener noreferrer');
  }
}

/**
 * Article HTML without scripts, styles, frames, forms, event handlers, ids (they could clash with
 * the page's) or unsafe URLs; images keep srcset/sizes, blocks keep their class (the market impact
 * note is styled by it). "" for an empty post.
 */
export function sanitizeArticleHtml(html: string): string {
  if (!html.trim()) return '';
  // The DOMPurify instance is process-wide and shared with other sanitisers, so the hook is added
  // for this call only; sanitize() is synchronous, so no other call runs while it is installed.
  DOMPurify.addHook('afterSanitizeAttributes', articleHook);
  try {
    return DOMPurify.sanitize(html, {
      USE_PROFILES: { html: true },
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
      FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed', 'svg', 'math'],
      FORBID_ATTR: ['style', 'id', 'target'],
    }).trim();
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', articleHook);
  }
}
