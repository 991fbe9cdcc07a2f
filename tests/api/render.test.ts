// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import { checkPlaceholders, MissingParamsError, placeholdersOf, renderEmail, renderText, TemplateSyntaxError } from '../../api/communications/render';

/** api/communications/render.ts: the placeholders a text uses, the save-time check, and the rendered email. */

describe('placeholders', () => {
  test("a text's params: mustaches, block params and @root, not a block's own names or helpers", () => {
    const text =
      '{{firstName}} {{#if amount}}{{amount}}{{/if}} {{#each items}}{{name}} {{@index}} {{@root.cohort}}{{/each}} {{#unless paid}}due {{dueDate}}{{/unless}} {{lookup labels status}}';
    expect(placeholdersOf(text)).toEqual(['amount', 'cohort', 'dueDate', 'firstName', 'items', 'labels', 'paid', 'status']);
  });

  test('save-time check: every unknown placeholder named per field; raw output and partials refused; bad syntax explained', () => {
    expect(checkPlaceholders({ subject: 'Hi {{firstName}}', body: '{{firstName}} owes {{amount}} by {{dueDate}}' }, ['firstName'])).toEqual({
      body: 'Unknown placeholders: amount, dueDate',
    });
    expect(checkPlaceholders({ body: '{{{firstName}}}' }, ['firstName']).body).toMatch(/Raw placeholders/);
    expect(checkPlaceholders({ body: '{{> footer}}' }, []).body).toMatch(/Partials/);
    expect(checkPlaceholders({ body: '{{#if x}}' }, ['x']).body).toMatch(/Parse error|Expecting/);
    expect(checkPlaceholders({ body: 'Hello {{firstName}}', empty: null }, ['firstName'])).toEqual({});
    expect(() => placeholdersOf('{{#if}')).toThrow(TemplateSyntaxError);
  });
});

describe('rendering', () => {
  test('values are HTML-escaped in bodies and left as they are in subjects; a missing value fails the send', () => {
    expect(renderText('<p>Hi {{name}}</p>', { name: '<b>Ana & "Bo"</b>' })).toBe('<p>Hi &lt;b&gt;Ana &amp; &quot;Bo&quot;&lt;/b&gt;</p>');
    expect(renderText('Receipt for {{name}}', { name: "O'Neil & Co" }, false)).toBe("Receipt for O'Neil & Co");
    expect(() => renderText('{{a}} {{b}}', { a: 1 })).toThrow(MissingParamsError);
    try {
      renderText('{{a}} {{b}} {{c}}', { a: 1 });
    } catch (err) {
      expect((err as MissingParamsError).names).toEqual(['b', 'c']);
    }
    // An explicit empty value is a value.
    expect(renderText('[{{a}}]', { a: '' })).toBe('[]');
  });

  test('an email: responsive HTML with header, body and footer, and a text part without markup', async () => {
    const email = await renderEmail({
      subject: 'Payment received: {{amount}}',
      body: '<p>Dear {{firstName}},</p><p>We received <strong>{{amount}}</strong>.</p>',
      params: { firstName: 'Ana <3', amount: '$120.00' },
      wrapper: { header: '<h1>Health Coach Institute</h1>', footer: '<p>Unsubscribe in your settings</p>' },
    });
    expect(email.subject).toBe('Payment received: $120.00');
    expect(email.html).toMatch(/^<!doctype html>/i);
    expect(email.html).toContain('@media'); // responsive
    expect(email.html).toContain('Dear Ana &lt;3,');
    expect(email.html.indexOf('Health Coach Institute')).toBeLessThan(email.html.indexOf('Dear Ana'));
    expect(email.html.indexOf('Dear Ana')).toBeLessThan(email.html.indexOf('Unsubscribe'));
    expect(email.text).toContain('Dear Ana <3,');
    expect(email.text).toContain('We received $120.00.');
    expect(email.text).not.toMatch(/<[a-z]/i);
    // A content's own complete HTML replaces the layout.
    const own = await renderEmail({ subject: 's', body: 'unused', params: { x: 'y&z' }, fullHtml: '<html><body>{{x}}</body></html>' });
    expect(own.html).toBe('<html><body>y&amp;z</body></html>');
  });
});
