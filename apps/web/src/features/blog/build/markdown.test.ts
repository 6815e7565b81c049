import { describe, expect, it } from 'vitest';

import { countWords, markdownToHtml, parseMarkdownDocument, renderInline } from './markdown';

describe('parseMarkdownDocument', () => {
  it('reads front matter (quoted values, booleans) and converts the body', () => {
    const document = parseMarkdownDocument(
      '---\ntitle: "Hello: world"\nfeatured: true\ndate: 2025-05-07\n---\n\n# Heading\n\nSome text.\n',
    );
    expect(document.attributes).toEqual({
      title: 'Hello: world',
      featured: true,
      date: '2025-05-07',
    });
    expect(document.html).toBe('<h1 id="heading">Heading</h1>\n<p>Some text.</p>');
    expect(document.wordCount).toBe(3);
  });

  it('treats a document without front matter as all body', () => {
    expect(parseMarkdownDocument('Just text').attributes).toEqual({});
  });
});

describe('markdownToHtml', () => {
  it('joins paragraph lines and separates paragraphs', () => {
    expect(markdownToHtml('one\ntwo\n\nthree')).toBe('<p>one two</p>\n<p>three</p>');
  });

  it('renders unordered and ordered lists, with continuation lines and a nested list', () => {
    expect(markdownToHtml('- a\n- b\n  more\n\n1. one\n2. two')).toBe(
      '<ul><li>a</li><li>b more</li></ul>\n<ol><li>one</li><li>two</li></ol>',
    );
    expect(markdownToHtml('- parent\n  - child\n- next')).toBe(
      '<ul><li>parent<ul><li>child</li></ul></li><li>next</li></ul>',
    );
  });

  it('ends a paragraph where a list or heading starts', () => {
    expect(markdownToHtml('Intro:\n- a\n## Next')).toBe(
      '<p>Intro:</p>\n<ul><li>a</li></ul>\n<h2 id="next">Next</h2>',
    );
  });

  it('renders block quotes, rules, fenced code and tables', () => {
    expect(markdownToHtml('> quoted\n> text')).toBe('<blockquote><p>quoted text</p></blockquote>');
    expect(markdownToHtml('---')).toBe('<hr>');
    expect(markdownToHtml('```\n<b>x</b>\n```')).toBe(
      '<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>',
    );
    expect(markdownToHtml('| A | B |\n|---|---|\n| 1 | **2** |')).toBe(
      '<div class="table-scroll"><table><thead><tr><th scope="col">A</th><th scope="col">B</th></tr></thead>' +
        '<tbody><tr><td>1</td><td><strong>2</strong></td></tr></tbody></table></div>',
    );
  });

  it('escapes raw HTML instead of passing it through', () => {
    expect(markdownToHtml('<script>alert(1)</script>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
});

describe('renderInline', () => {
  it('renders bold, italic, code and links', () => {
    expect(renderInline('**bold**, *it* and _it_ with `co*de*`')).toBe(
      '<strong>bold</strong>, <em>it</em> and <em>it</em> with <code>co*de*</code>',
    );
    expect(renderInline('[guide](/blog/x) and [site](https://example.com/a_b_c)')).toBe(
      '<a href="/blog/x">guide</a> and <a href="https://example.com/a_b_c" rel="noopener noreferrer">site</a>',
    );
  });

  it('drops links with unsafe schemes, keeping their text', () => {
    expect(renderInline('[click](javascript:alert(1))')).toBe('click)');
    expect(renderInline('[x](data:text/html,hi)')).toBe('x');
  });

  it('leaves snake_case words and lone asterisks alone', () => {
    expect(renderInline('use auth_token and 2 * 3')).toBe('use auth_token and 2 * 3');
  });
});

describe('countWords', () => {
  it('counts words, not Markdown punctuation or link targets', () => {
    // Title, one, two, three and x.
    expect(countWords('## Title\n\n- **one** [two](/a/very/long/url) three\n\n| x |\n|---|')).toBe(
      5,
    );
  });
});
