// Staff-typed HTML (a car's seller note, a news post) made safe to render. Sanitised on the server,
// in the loaders, so the browser receives only harmless markup and no sanitiser ships in a page's
// JavaScript. One DOMPurify setup; each kind of content differs only in what it may contain and how
// its links and pictures behave.
import DOMPurify from 'isomorphic-dompurify';
import { LRUCache } from 'lru-cache';

/** Only http(s), mailto, tel, same-site paths and fragments: never javascript: or data:. */
const SAFE_URI = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
/**
 * Attributes whose values are sizes or counts, never addresses. DOMPurify holds every attribute it does
 * not know as URL-free to the link rule above, which "300" fails: without this list a table's spans
 * and a picture's dimensions were dropped.
 */
const NOT_URLS = ['width', 'height', 'colspan', 'rowspan', 'scope', 'sizes'];
/** Never kept, whatever the kind: active content and form controls. */
const FORBID_TAGS = ['style', 'script', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed', 'svg', 'math'];

type Profile = {
  config: Parameters<typeof DOMPurify.sanitize>[1];
  /** Adjusts each kept element (link targets, lazy pictures). */
  hook: (node: Element) => void;
  /** This kind's texts already sanitised, with their answers. */
  memo: LRUCache<string, string>;
};

// Sanitising builds a DOM of the input (jsdom): about a fifth of a car page's server time. The same
// input and profile always give the same output, so each text is sanitised once per process and
// served from memory after, bounded by the characters kept (text and answer).
const memory = () =>
  new LRUCache<string, string>({ maxSize: 4_000_000, sizeCalculation: (value, key) => Math.max(1, value.length + key.length) });

function sanitize(html: string, profile: Profile): string {
  // Stryker disable next-line ConditionalExpression,MethodExpression: a blank text holds no "<", which DOMPurify hands back as it is, and the trim below makes that "" all the same; this return only spares a memory entry
  if (!html.trim()) return '';
  const known = profile.memo.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeNow(html, profile);
  profile.memo.set(html, clean);
  return clean;
}

function sanitizeNow(html: string, { config, hook }: Profile): string {
  const afterAttributes = (node: Element) => {
    safeUrlsOnly(node);
    hook(node);
  };
  // The DOMPurify instance is process-wide, so the hook is added for this call only; sanitize() is
  // synchronous, so no other call runs while it is installed.
  DOMPurify.addHook('afterSanitizeAttributes', afterAttributes);
  try {
    return String(DOMPurify.sanitize(html, { ALLOWED_URI_REGEXP: SAFE_URI, ADD_URI_SAFE_ATTR: NOT_URLS, ...config, FORBID_TAGS })).trim();
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', afterAttributes);
  }
}

/** The URLs of a srcset, in order: each candidate is a URL and its optional descriptor, comma-separated. */
function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let rest = srcset;
  for (;;) {
    rest = rest.replace(/^[\s,]+/, '');
    // Stryker disable next-line Regex: the line above leaves rest starting with a character that is no space, so the first run of them starts at 0 with or without the anchor
    const url = /^\S+/.exec(rest)?.[0];
    if (!url) return urls;
    rest = rest.slice(url.length);
    if (url.endsWith(',')) {
      // Stryker disable next-line Regex,StringLiteral: the link rule reads a URL from its start only, and the URL starts with no comma: cutting the last comma or all of them, or writing any text in their place, reads the same (cutting the first commas anywhere would not: "/,/a.jpg" is a path here, "//a.jpg" another host)
      urls.push(url.replace(/,+$/, ''));
      continue;
    }
    urls.push(url);
    const comma = rest.indexOf(',');
    rest = comma === -1 ? '' : rest.slice(comma + 1);
  }
}

/**
 * What DOMPurify's URL check leaves open: it tests an attribute's value from its start only, so a
 * srcset keeps any URL after its first; and it keeps every data: URL in a picture. Each srcset URL
 * must pass the link rule, and a picture's data must be an image.
 */
function safeUrlsOnly(node: Element) {
  const srcset = node.getAttribute('srcset');
  if (srcset !== null && !srcsetUrls(srcset).every((url) => SAFE_URI.test(url))) node.removeAttribute('srcset');
  if (node.getAttribute('src')?.match(/^data:(?!image\/)/i)) node.removeAttribute('src');
}

/** Pictures without alt text are decorative to a screen reader rather than named by their file. */
function altOrEmpty(node: Element) {
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
}

// --- seller note ----------------------------------------------------------------------------------

const NOTE: Profile = {
  config: {
    // What a seller note may contain: text formatting, lists, links, tables and pictures.
    ALLOWED_TAGS: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'small',
      'sub',
      'sup',
      'mark',
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'blockquote',
      'hr',
      'span',
      'a',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'caption',
    ],
    ALLOWED_ATTR: ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope', 'target', 'rel', 'loading'],
    FORBID_ATTR: ['style', 'class', 'id'],
    KEEP_CONTENT: true,
  },
  // Links in a note lead off the site: they open beside the page without handing it over.
  hook(node) {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
    altOrEmpty(node);
  },
  memo: memory(),
};

/**
 * Safe HTML of a seller note: no scripts, styles, iframes, forms or event handlers; only http(s),
 * mailto, tel and same-site links. "" when nothing visible remains.
 */
export function sanitizeSellerNote(html: string): string {
  const clean = sanitize(html, NOTE);
  // A note of empty paragraphs only (or of markup that was all removed) has nothing to show.
  const visible = clean.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
  return visible === '' && !/<img\b/i.test(clean) ? '' : clean;
}

// --- news article ---------------------------------------------------------------------------------

const ARTICLE: Profile = {
  // Images keep srcset/sizes, blocks keep their class (the market impact note is styled by it); ids
  // could clash with the page's.
  config: { USE_PROFILES: { html: true }, FORBID_ATTR: ['style', 'id', 'target'] },
  // Article pictures are never the page's LCP element (the hero is): they load lazily. The profile
  // drops an author's own loading/decoding, so these are always the ones set.
  hook(node) {
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
    altOrEmpty(node);
    if (node.tagName === 'A' && node.getAttribute('href')?.match(/^https?:/i)) node.setAttribute('rel', 'noopener noreferrer');
  },
  memo: memory(),
};

/**
 * Article HTML without scripts, styles, frames, forms, event handlers, ids or unsafe URLs. "" for an
 * empty post.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitize(html, ARTICLE);
}
