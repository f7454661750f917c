/**
 * Rich text (tour descriptions, itinerary days) is stored only as safe markup: paragraphs,
 * headings h2–h4, bold, italic, lists, links to http, https or mailto, line breaks. Everything
 * else is removed and its text kept, except what is never text (scripts, styles, frames, forms,
 * embedded objects). Pasted pictures arrive as data: URIs inside <img>: they go too.
 */
import sanitizeHtml from 'sanitize-html';

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'select', 'svg', 'math'],
  // Links leave the back office in a new context and tell the target nothing about it.
  transformTags: {
    // A link anywhere else (javascript:, data:, a relative path) is no link: its text stays as text.
    a: (tagName, attribs): sanitizeHtml.Tag =>
      SAFE_LINK.test(attribs.href?.trim() ?? '') ? { tagName, attribs: { href: attribs.href.trim(), rel: 'noopener noreferrer nofollow' } } : { tagName, attribs: {} },
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
  },
};

// rel is added by the transform, so it has to be allowed on the way out.
OPTIONS.allowedAttributes = { a: ['href', 'rel'] };

/** The safe markup of `html`; its text stays. Empty paragraphs left by removed parts go too. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS)
    // A link whose target was not safe kept no attributes: it becomes its text.
    .replace(/<a>((?:(?!<\/?a[\s>]).)*?)<\/a>/gs, '$1')
    .replace(/<p>(\s|<br \/>)*<\/p>/g, '');
  return clean.trim();
}
