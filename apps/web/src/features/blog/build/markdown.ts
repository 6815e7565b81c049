/**
 * A small Markdown-to-HTML converter that runs at BUILD time only (the Vite plugin beside it),
 * so no Markdown parser is shipped to phones. It covers what our guides and policies use:
 * front matter, headings, paragraphs, lists (one level of nesting), block quotes, tables,
 * fenced code, rules, links, bold, italic and inline code. Raw HTML is escaped, never passed on.
 */

export type FrontMatter = Record<string, string | boolean>;

export type MarkdownDocument = {
  attributes: FrontMatter;
  html: string;
  /** Words of running text, for the read time and the length check. */
  wordCount: number;
};

/** Parses a document with an optional `---` front-matter block of `key: value` lines. */
export function parseMarkdownDocument(source: string): MarkdownDocument {
  const text = source.replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const attributes: FrontMatter = {};
  if (match?.[1]) {
    for (const line of match[1].split('\n')) {
      const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line.trim());
      if (!pair?.[1]) continue;
      const raw = (pair[2] ?? '').trim();
      const unquoted = raw.replace(/^(["'])(.*)\1$/, '$2');
      attributes[pair[1]] = raw === 'true' ? true : raw === 'false' ? false : unquoted;
    }
  }
  const body = match ? text.slice(match[0].length) : text;
  return { attributes, html: markdownToHtml(body), wordCount: countWords(body) };
}

/** Counts the words of the text, ignoring Markdown punctuation and link targets. */
export function countWords(markdown: string): number {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/[#>*_`|[\]-]/g, ' ');
  return plain.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

const LIST_ITEM = /^( *)([-*+]|\d+[.)]) +(.*)$/;
const HEADING = /^(#{1,6}) +(.+?) *#*$/;
const RULE = /^ {0,3}([-*_])( *\1){2,} *$/;
const FENCE = /^ {0,3}```/;
const TABLE_SEPARATOR = /^\|? *:?-{3,}:? *(\| *:?-{3,}:? *)*\|? *$/;

/** Converts Markdown blocks to HTML. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const html: string[] = [];
  let index = 0;

  const isBlockStart = (line: string, next: string | undefined) =>
    HEADING.test(line) ||
    RULE.test(line) ||
    FENCE.test(line) ||
    line.startsWith('>') ||
    LIST_ITEM.test(line) ||
    (line.trimStart().startsWith('|') && next !== undefined && TABLE_SEPARATOR.test(next));

  while (index < lines.length) {
    const line = lines[index] ?? '';
    const next = lines[index + 1];

    if (line.trim() === '') {
      index += 1;
      continue;
    }

    if (FENCE.test(line)) {
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !FENCE.test(lines[index] ?? '')) {
        code.push(lines[index] ?? '');
        index += 1;
      }
      index += 1; // the closing fence
      html.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading?.[1] && heading[2]) {
      const level = heading[1].length;
      const text = heading[2];
      html.push(`<h${level} id="${slugify(text)}">${renderInline(text)}</h${level}>`);
      index += 1;
      continue;
    }

    if (RULE.test(line)) {
      html.push('<hr>');
      index += 1;
      continue;
    }

    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (index < lines.length && (lines[index] ?? '').startsWith('>')) {
        quoted.push((lines[index] ?? '').replace(/^> ?/, ''));
        index += 1;
      }
      html.push(`<blockquote>${markdownToHtml(quoted.join('\n'))}</blockquote>`);
      continue;
    }

    if (line.trimStart().startsWith('|') && next !== undefined && TABLE_SEPARATOR.test(next)) {
      const rows: string[] = [line];
      index += 2;
      while (index < lines.length && (lines[index] ?? '').trimStart().startsWith('|')) {
        rows.push(lines[index] ?? '');
        index += 1;
      }
      html.push(renderTable(rows));
      continue;
    }

    if (LIST_ITEM.test(line)) {
      const { html: listHtml, nextIndex } = renderList(lines, index);
      html.push(listHtml);
      index = nextIndex;
      continue;
    }

    const paragraph: string[] = [];
    while (index < lines.length) {
      const current = lines[index] ?? '';
      if (current.trim() === '') break;
      if (paragraph.length > 0 && isBlockStart(current, lines[index + 1])) break;
      paragraph.push(current.trim());
      index += 1;
    }
    html.push(`<p>${renderInline(paragraph.join(' '))}</p>`);
  }

  return html.join('\n');
}

/** A list starting at `start`; items may hold continuation lines and one nested list. */
function renderList(lines: string[], start: number): { html: string; nextIndex: number } {
  const first = LIST_ITEM.exec(lines[start] ?? '');
  const indent = first?.[1]?.length ?? 0;
  const isOrdered = /\d/.test(first?.[2] ?? '');
  const items: string[][] = [];
  let index = start;

  while (index < lines.length) {
    const line = lines[index] ?? '';
    const item = LIST_ITEM.exec(line);
    if (item && (item[1]?.length ?? 0) === indent && /\d/.test(item[2] ?? '') === isOrdered) {
      items.push([item[3] ?? '']);
      index += 1;
      continue;
    }
    const current = items.at(-1);
    const isContinuation = line.trim() !== '' && /^ +/.test(line) && current;
    // A blank line followed by an indented line keeps the item open (a nested list).
    const isGap =
      line.trim() === '' &&
      current &&
      /^ +\S/.test(lines[index + 1] ?? '') &&
      (lines[index + 1]?.search(/\S/) ?? 0) > indent;
    if (isContinuation) {
      current.push(line.slice(Math.min(indent + 2, line.search(/\S/))));
      index += 1;
    } else if (isGap) {
      index += 1;
    } else break;
  }

  const tag = isOrdered ? 'ol' : 'ul';
  const body = items
    .map(([head = '', ...rest]) => {
      const nestedAt = rest.findIndex((line) => LIST_ITEM.test(line));
      const text = [head, ...(nestedAt === -1 ? rest : rest.slice(0, nestedAt))]
        .map((line) => line.trim())
        .join(' ');
      const nested = nestedAt === -1 ? '' : markdownToHtml(rest.slice(nestedAt).join('\n'));
      return `<li>${renderInline(text)}${nested}</li>`;
    })
    .join('');
  return { html: `<${tag}>${body}</${tag}>`, nextIndex: index };
}

function renderTable(rows: string[]): string {
  const cells = (row: string) =>
    row
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => renderInline(cell.trim()));
  const [head = '', ...body] = rows;
  const headHtml = cells(head)
    .map((cell) => `<th scope="col">${cell}</th>`)
    .join('');
  const bodyHtml = body
    .map(
      (row) =>
        `<tr>${cells(row)
          .map((cell) => `<td>${cell}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<div class="table-scroll"><table><thead><tr>${headHtml}</tr></thead><tbody>${bodyHtml}</tbody></table></div>`;
}

const SAFE_URL = /^(\/|#|https?:\/\/|mailto:|tel:)/i;

/** Inline Markdown: code, links, bold and italic, on HTML-escaped text. */
export function renderInline(text: string): string {
  const codeSpans: string[] = [];
  // Code spans first, kept aside so nothing inside them is formatted.
  let html = escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => {
    codeSpans.push(`<code>${code}</code>`);
    return `\uE000${codeSpans.length - 1}\uE000`;
  });
  html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (match, label: string, url: string) => {
    if (!SAFE_URL.test(url)) return label;
    const isExternal = /^https?:\/\//i.test(url);
    const rel = isExternal ? ' rel="noopener noreferrer"' : '';
    return `<a href="${url}"${rel}>${label}</a>`;
  });
  html = html
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_(?=\S)(.+?)(?<=\S)_(?![_\w])/g, '$1<em>$2</em>');
  return html.replace(/\uE000(\d+)\uE000/g, (_match, position: string) => {
    return codeSpans[Number(position)] ?? '';
  });
}

/** A heading's anchor id: lower-case words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_[\]()]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
