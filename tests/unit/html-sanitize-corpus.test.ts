// Staff-typed HTML against a hostile corpus: every way of smuggling a script into a link, picture,
// style, SVG, form, frame or event handler must come out of both sanitisers (seller note, news
// article) without an executable URL, a handler or an active element. The checks read the output
// as the browser will: entities decoded, and the tabs, newlines and control characters browsers
// drop from a URL dropped first.
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml, sanitizeSellerNote } from '~/lib/html/sanitize.server';

/** Elements that run or load active content, or submit, whatever their attributes. */
const ACTIVE_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'base',
  'meta',
  'link',
  'template',
  'noscript',
]);
/** Attributes that never belong in rendered staff HTML: styles, submit targets, inline documents. */
const ACTIVE_ATTRS = new Set(['style', 'action', 'formaction', 'srcdoc']);
/** Attributes holding a URL the browser loads or follows (srcset holds several). */
const URL_ATTRS = new Set(['href', 'src', 'srcset', 'xlink:href', 'cite', 'data', 'poster', 'background', 'action', 'formaction']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};
const decode = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });

/** A URL as the browser resolves its scheme: no whitespace or control characters anywhere in it, lower case. */
const schemeOf = (url: string) => {
  const visible = [...url].filter((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code > 0x20 && (code < 0x7f || code > 0xa0) && !/\s/u.test(ch);
  });
  return /^([a-z][a-z0-9+.-]*):/.exec(visible.join('').toLowerCase())?.[1];
};

/** Everything in `html` a browser could run: active elements, handlers, style, and URLs with a scheme other than http(s), mailto, tel (and image data in a picture). */
function executableParts(html: string): string[] {
  const found: string[] = [];
  for (const [, rawTag, attrs] of html.matchAll(/<([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const tag = rawTag!.toLowerCase();
    if (ACTIVE_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const [, rawName, quoted, bare] of attrs!.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'[^']*'|([^\s>]+)))?/g)) {
      const name = rawName!.toLowerCase();
      const value = decode(quoted ?? bare ?? '');
      if (name.startsWith('on')) found.push(`${tag} ${name}`);
      if (ACTIVE_ATTRS.has(name)) found.push(`${tag} ${name}`);
      if (!URL_ATTRS.has(name)) continue;
      const urls = name === 'srcset' ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [value];
      for (const url of urls) {
        const scheme = schemeOf(url);
        if (!scheme || SAFE_SCHEMES.has(scheme)) continue;
        const picture = tag === 'img' && name === 'src' && /^data:image\//i.test(url.trim());
        if (!picture) found.push(`${tag} ${name}=${url}`);
      }
    }
  }
  return found;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** [what it tries, the HTML]: every one must lose all of its executable parts. */
const HOSTILE: Array<[string, string]> = [
  ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
  ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['upper-case scheme', '<a href="JAVASCRIPT:alert(1)">x</a>'],
  ['decimal entity', '<a href="&#106;avascript:alert(1)">x</a>'],
  [
    'padded decimal entities without semicolons',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  ],
  ['hex entity', '<a href="&#x6A;avascript:alert(1)">x</a>'],
  ['upper-case hex entity', '<a href="&#X6a;avascript:alert(1)">x</a>'],
  ['every letter an entity', '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>'],
  ['named entity for the colon', '<a href="javascript&colon;alert(1)">x</a>'],
  ['tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>'],
  ['tab entity inside the scheme', '<a href="java&#x09;script:alert(1)">x</a>'],
  ['newline entity inside the scheme', '<a href="java&#10;script:alert(1)">x</a>'],
  ['named tab and newline entities', '<a href="java&Tab;scr&NewLine;ipt:alert(1)">x</a>'],
  ['leading spaces and newlines', '<a href="  \n\t javascript:alert(1)">x</a>'],
  ['leading control character', '<a href="&#1;javascript:alert(1)">x</a>'],
  ['NUL before the scheme', '<a href="\u0000javascript:alert(1)">x</a>'],
  ['NUL inside the scheme', '<a href="java\u0000script:alert(1)">x</a>'],
  ['unquoted attribute', '<a href=javascript:alert(1)>x</a>'],
  ['a safe-looking tail after the script', '<a href="javascript:alert(document.domain)//https://example.com/">x</a>'],
  ['a same-site path inside the script', '<a href="javascript:location=\'/account\'">x</a>'],
  ['a fragment inside the script', '<a href="javascript:alert(1)//#top">x</a>'],
  ['mailto: inside the script', '<a href="javascript:open(\'mailto:a@b.example\')">x</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['mixed-case vbscript:', '<a href="VbScRiPt:msgbox(1)">x</a>'],
  ['data: HTML link', `<a href="data:text/html;base64,${b64('<script>alert(1)</script>')}">x</a>`],
  ['upper-case data: link', '<a href="DATA:text/html,<script>alert(1)</script>">x</a>'],
  ['data: HTML picture', `<img src="data:text/html;base64,${b64('<script>alert(1)</script>')}">`],
  ['javascript: picture', '<img src="javascript:alert(1)">'],
  ['javascript: in srcset', '<img src="/a.jpg" srcset="javascript:alert(1) 1x">'],
  ['javascript: as a later srcset candidate', '<img src="/a.jpg" srcset="/a-300.jpg 300w, javascript:alert(1) 768w">'],
  ['javascript: after a candidate without a space', '<img src="/a.jpg" srcset="/a-300.jpg 300w,javascript:alert(1) 768w">'],
  ['picture error handler', '<img src="x" onerror="alert(1)">'],
  ['mixed-case unquoted handler', '<img src=x oNeRrOr=alert(1)>'],
  ['click handler', '<p onclick="alert(1)">x</p>'],
  ['handler beside a good link', '<a href="https://example.com/" onmouseover="alert(1)">x</a>'],
  ['toggle handler', '<details open ontoggle="alert(1)"><summary>x</summary></details>'],
  ['body load handler', '<body onload="alert(1)"><p>x</p></body>'],
  ['media source handler', '<video><source onerror="alert(1)"></video>'],
  ['style with a script URL', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['style expression', '<div style="width: expression(alert(1))">x</div>'],
  ['style element', "<style>@import 'javascript:alert(1)';</style><p>x</p>"],
  ['SVG link', '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">x</text></a></svg>'],
  ['SVG load handler', '<svg onload="alert(1)"></svg>'],
  ['SVG handler without spaces', '<svg/onload=alert(1)>'],
  ['SVG script', '<svg><script>alert(1)</script></svg>'],
  [
    'SVG animation setting a link',
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text x="0" y="20">x</text></a></svg>',
  ],
  ['xlink:href on an HTML link', '<a xlink:href="javascript:alert(1)">x</a>'],
  ['MathML link', '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>'],
  ['MathML style mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>'],
  ['template content', '<template><img src=x onerror=alert(1)></template>'],
  ['form action', '<form action="javascript:alert(1)"><input type="submit" value="Go"></form>'],
  ['button formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['image input formaction', '<input type="image" src="/x.png" formaction="javascript:alert(1)">'],
  ['frame with a script', '<iframe src="javascript:alert(1)"></iframe>'],
  ['frame with an inline document', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['frame of another site', '<iframe src="https://evil.example/"></iframe>'],
  ['object with a script', '<object data="javascript:alert(1)"></object>'],
  ['object with an HTML document', `<object data="data:text/html;base64,${b64('<script>alert(1)</script>')}"></object>`],
  ['embed', '<embed src="javascript:alert(1)">'],
  ['base URL', '<base href="javascript:alert(1)//"><a href="/x">x</a>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['stylesheet link', '<link rel="stylesheet" href="javascript:alert(1)">'],
  ['quote citation', '<blockquote cite="javascript:alert(1)">x</blockquote>'],
];

const SANITISERS = { 'seller note': sanitizeSellerNote, 'news article': sanitizeArticleHtml };

describe('the corpus check itself', () => {
  it('finds the executable part of each hostile input written the way the sanitiser writes its output', () => {
    expect(executableParts('<a href="java&#9;script:x">x</a>')).toEqual(['a href=java\tscript:x']);
    expect(executableParts('<a href=" &#1;JAVASCRIPT:x">x</a>')).toHaveLength(1);
    expect(executableParts('<img src="/a.jpg" srcset="/a-300.jpg 300w, vbscript:x 768w">')).toEqual(['img srcset=vbscript:x']);
    expect(executableParts('<img src="data:text/html,x" onerror="x">')).toEqual(['img src=data:text/html,x', 'img onerror']);
    expect(executableParts('<svg></svg><p style="color:red">x</p>')).toEqual(['<svg>', 'p style']);
    expect(
      executableParts('<img src="data:image/png;base64,iVBORw0KGgo=" alt=""><a href="tel:+8613800138000">t</a><a href="/car/12">c</a>'),
    ).toEqual([]);
  });
});

it("keeps a news picture's srcset of safe URLs, however its candidates are spaced", () => {
  const srcset = 'https://wp.example/a-300x200.jpg 300w, https://wp.example/a-768x512.jpg 768w,/a.jpg 1024w';
  expect(sanitizeArticleHtml(`<img src="/a.jpg" srcset="${srcset}" sizes="100vw" alt="">`)).toContain(`srcset="${srcset}"`);
});

describe.each(Object.entries(SANITISERS))('the %s sanitiser', (_kind, sanitize) => {
  it.each(HOSTILE)('leaves nothing executable: %s', (_what, html) => {
    const clean = sanitize(html);
    expect(executableParts(clean), clean).toEqual([]);
  });

  it('keeps the links and pictures a seller or an editor really uses', () => {
    const clean = sanitize(
      '<p><a href="https://example.com/cars">site</a> <a href="mailto:sales@example.com">mail</a> <a href="tel:+86 138 0013 8000">call</a> <a href="/car/12">car</a> <a href="#specs">specs</a> <img src="data:image/png;base64,iVBORw0KGgo=" alt="badge"></p>',
    );
    for (const kept of [
      'href="https://example.com/cars"',
      'href="mailto:sales@example.com"',
      'href="tel:+86 138 0013 8000"',
      'href="/car/12"',
      'href="#specs"',
      'src="data:image/png;base64,iVBORw0KGgo="',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it("keeps a table's spans and header scope and a picture's dimensions, which are not addresses", () => {
    const clean = sanitize(
      '<table><tr><th scope="col" colspan="2">Trim</th></tr><tr><td rowspan="2">1.5T</td><td>FWD</td></tr></table><img src="/a.jpg" width="640" height="480" alt="side">',
    );
    for (const kept of ['scope="col"', 'colspan="2"', 'rowspan="2"', 'width="640"', 'height="480"']) {
      expect(clean).toContain(kept);
    }
  });
});
