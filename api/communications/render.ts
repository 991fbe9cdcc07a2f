import Handlebars from 'handlebars';
import { compile as compileConverter } from 'html-to-text';
import type Mjml from 'mjml';

/**
 * Rendering of every message the product sends (issue 17; domain rules "Communications"): Handlebars
 * over a template's availableParams, every value HTML-escaped (a raw `{{{…}}}` placeholder is refused),
 * wrapped for email in a responsive layout (MJML) with the email template's header and footer, and a
 * plain-text part generated from the HTML.
 *
 * - At save: `checkPlaceholders` names every placeholder a text uses that is not available (the 400).
 * - At send: a placeholder without a value in the params fails the send (`MissingParamsError`) —
 *   never rendered empty.
 * - Speed: compiled templates and the MJML layout of each header/footer pair are cached; a message is
 *   its rendered body put into the cached layout (MJML runs once per layout, not per message). The
 *   text part likewise: the header's and footer's text are converted once per layout, and only the
 *   message's own body is converted per message, by a converter compiled once (html-to-text's
 *   `compile`) — converting the whole layout's HTML each time cost ~12 ms a message (comms-ops bench).
 */

const BUILT_IN_HELPERS = new Set(['if', 'unless', 'each', 'with', 'lookup']);
/** Helpers whose block changes the context: names inside them are the block's own, not params. */
const CONTEXT_HELPERS = new Set(['each', 'with']);

export class TemplateSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}

/** A send whose params lack some placeholders of its text: refused rather than rendered empty. */
export class MissingParamsError extends Error {
  constructor(readonly names: string[]) {
    super(`Missing params: ${names.join(', ')}`);
    this.name = 'MissingParamsError';
  }
}

type Node = hbs.AST.Node;

/** The param names a text uses (the first part of each path in the message's own context), sorted. */
export function placeholdersOf(source: string): string[] {
  let ast: hbs.AST.Program;
  try {
    ast = Handlebars.parse(source);
  } catch (err) {
    throw new TemplateSyntaxError((err as Error).message.split('\n')[0]);
  }
  const names = new Set<string>();
  const path = (p: hbs.AST.Expression | undefined, own = true) => {
    if (!p || p.type !== 'PathExpression') return;
    const e = p as hbs.AST.PathExpression;
    if (e.data) {
      // @root.x is a param of the message; other data (@index, @key…) belongs to a block.
      if (e.parts[0] === 'root' && e.parts.length > 1) names.add(e.parts[1]);
      return;
    }
    if (own && e.parts.length > 0 && e.original !== 'this' && !e.original.startsWith('this.') && e.depth === 0) names.add(e.parts[0]);
  };
  const hashParams = (params: hbs.AST.Expression[], hash: hbs.AST.Hash | undefined, own: boolean) => {
    params.forEach((p) => path(p, own));
    hash?.pairs.forEach((pair) => path(pair.value, own));
  };
  const walk = (node: Node | null | undefined, own: boolean): void => {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        (node as hbs.AST.Program).body.forEach((n) => walk(n, own));
        return;
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        if (!m.escaped) throw new TemplateSyntaxError('Raw placeholders ({{{…}}}) are not allowed: every value is escaped');
        const helper = m.path.type === 'PathExpression' && (m.params.length > 0 || m.hash) ? (m.path as hbs.AST.PathExpression).original : null;
        if (!helper || !BUILT_IN_HELPERS.has(helper)) path(m.path as hbs.AST.Expression, own);
        hashParams(m.params, m.hash, own);
        return;
      }
      case 'BlockStatement': {
        const b = node as hbs.AST.BlockStatement;
        const name = (b.path as hbs.AST.PathExpression).original;
        if (!BUILT_IN_HELPERS.has(name)) path(b.path as hbs.AST.Expression, own);
        hashParams(b.params, b.hash, own);
        const inner = own && !CONTEXT_HELPERS.has(name);
        walk(b.program, inner);
        walk(b.inverse, own);
        return;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement':
        throw new TemplateSyntaxError('Partials are not available in messages');
      default:
        return;
    }
  };
  walk(ast, true);
  return [...names].sort();
}

/**
 * Field errors for texts that use placeholders outside `available` (or do not parse): `{ field:
 * message naming them }`, empty when all is well. The caller answers them as the contract's 400.
 */
export function checkPlaceholders(texts: Record<string, string | null | undefined>, available: readonly string[]): Record<string, string> {
  const allowed = new Set(available);
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(texts)) {
    if (!text) continue;
    try {
      const unknown = placeholdersOf(text).filter((n) => !allowed.has(n));
      if (unknown.length > 0) errors[field] = `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    } catch (err) {
      errors[field] = (err as Error).message;
    }
  }
  return errors;
}

const compiled = new Map<string, { fn: HandlebarsTemplateDelegate; names: string[] }>();
const COMPILED_MAX = 500;

function compile(source: string, escape: boolean) {
  const cacheKey = `${escape ? 'h' : 't'}:${source}`;
  let hit = compiled.get(cacheKey);
  if (!hit) {
    hit = { fn: Handlebars.compile(source, { noEscape: !escape, knownHelpersOnly: true, knownHelpers: { lookup: true } }), names: placeholdersOf(source) };
    if (compiled.size >= COMPILED_MAX) compiled.delete(compiled.keys().next().value!);
    compiled.set(cacheKey, hit);
  }
  return hit;
}

/** One text with its params: HTML-escaped values (`escape`, for HTML) or as they are (a subject, plain text). */
export function renderText(source: string, params: Record<string, unknown>, escape = true): string {
  const { fn, names } = compile(source, escape);
  const missing = names.filter((n) => params[n] === undefined);
  if (missing.length > 0) throw new MissingParamsError(missing);
  return fn(params);
}

export interface EmailLayout {
  header?: string | null;
  footer?: string | null;
}

const BODY_MARK = '<!--hci-body-->';
const layouts = new Map<string, Promise<string>>();
/** HTML → the text part (compiled once: compiling the options is most of a small conversion's cost). */
const toText = compileConverter({
  wordwrap: 80,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
});
const layoutTexts = new Map<string, { header: string; footer: string }>();

/** The text of a layout's header and footer, converted once per pair. */
function layoutText(wrapper: EmailLayout): { header: string; footer: string } {
  const cacheKey = JSON.stringify([wrapper.header ?? '', wrapper.footer ?? '']);
  let hit = layoutTexts.get(cacheKey);
  if (!hit) {
    hit = { header: wrapper.header ? toText(wrapper.header).trim() : '', footer: wrapper.footer ? toText(wrapper.footer).trim() : '' };
    if (layoutTexts.size >= LAYOUTS_MAX) layoutTexts.delete(layoutTexts.keys().next().value!);
    layoutTexts.set(cacheKey, hit);
  }
  return hit;
}
const LAYOUTS_MAX = 50;

/** The responsive email around a body: MJML once per header/footer pair, the body put in its place. */
function layout(wrapper: EmailLayout): Promise<string> {
  const cacheKey = JSON.stringify([wrapper.header ?? '', wrapper.footer ?? '']);
  let html = layouts.get(cacheKey);
  if (!html) {
    const section = (content: string, attrs: string) => `<mj-section ${attrs}><mj-column><mj-text>${content}</mj-text></mj-column></mj-section>`;
    const source = [
      '<mjml><mj-head><mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="1.5" color="#1f2933" /></mj-attributes></mj-head>',
      '<mj-body background-color="#f4f5f7" width="600px">',
      wrapper.header ? section(wrapper.header, 'padding="16px 0 0"') : '',
      section(BODY_MARK, 'background-color="#ffffff" padding="24px 8px"'),
      wrapper.footer ? section(wrapper.footer, 'padding="0 0 16px"').replace('<mj-text>', '<mj-text font-size="12px" color="#6b7280">') : '',
      '</mj-body></mjml>',
    ].join('');
    // MJML is loaded when the first email is laid out: it is the heaviest library of the API (~1 s to
    // load), and most processes (a test file, a server that sends nothing yet) never need it.
    html = import('mjml')
      .then(({ default: mjml }: { default: typeof Mjml }) => mjml(source, { validationLevel: 'soft', minify: false, keepComments: true }))
      .then((r) => {
        if (!r.html.includes(BODY_MARK)) throw new Error('The email layout lost its body mark');
        return r.html;
      });
    html.catch(() => layouts.delete(cacheKey));
    if (layouts.size >= LAYOUTS_MAX) layouts.delete(layouts.keys().next().value!);
    layouts.set(cacheKey, html);
  }
  return html;
}

export interface EmailInput {
  subject: string;
  /** The body: Handlebars over HTML. */
  body: string;
  params: Record<string, unknown>;
  /** The email template's header and footer (none: the body alone in the layout). */
  wrapper?: EmailLayout | null;
  /** A content's own complete email HTML (Handlebars; it replaces the layout), if it has one. */
  fullHtml?: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A whole email: subject (plain text), responsive HTML and its generated text part. */
export async function renderEmail(input: EmailInput): Promise<RenderedEmail> {
  const subject = renderText(input.subject, input.params, false).replace(/\s+/g, ' ').trim();
  if (input.fullHtml) {
    const html = renderText(input.fullHtml, input.params);
    return { subject, html, text: toText(html).trim() };
  }
  const body = renderText(input.body, input.params);
  const wrapper = input.wrapper ?? {};
  const frame = await layout(wrapper);
  const html = frame.replace(BODY_MARK, () => body);
  // The layout adds no text of its own: the text part is the header's, the body's and the footer's.
  const around = layoutText(wrapper);
  const text = [around.header, toText(body).trim(), around.footer].filter(Boolean).join('\n\n');
  return { subject, html, text };
}

/** The inbox's or a short message's text (HTML-escaped body, no email layout). */
export function renderInbox(source: string, params: Record<string, unknown>): string {
  return renderText(source, params);
}
