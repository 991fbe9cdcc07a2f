import sanitizeHtml from 'sanitize-html';

/**
 * A banner's rich content, sanitised when it is saved (domain rules "Information banners and the
 * mobile app"): the portal shows it as HTML, so only this allow-list survives — paragraphs, line
 * breaks, emphasis, lists, quotes, small headings and links (http, https, mailto), which open in a new
 * tab without handing the portal's window to the target. Scripts, styles, event handlers, images,
 * frames and every other tag or attribute are dropped (their text kept where it is plain text).
 */
/** The link targets kept (the allowed schemes below check them again). */
const LINK = /^\s*(https?:|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'h4', 'h5', 'h6'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: LINK.test(attribs.href ?? '') ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer' } : {} }),
  },
};

export function sanitizeBannerContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised content has anything to read (markup alone, such as `<p><br></p>`, is empty). */
export function hasText(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
