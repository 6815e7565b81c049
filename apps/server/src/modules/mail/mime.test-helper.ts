/** The decoded parts of a raw MIME message, by content type (enough for nodemailer's output). */
export function readMimeParts(raw: string): { headers: string; parts: Map<string, string> } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const [headers = ''] = normalized.split('\n\n');
  const boundary = /boundary="?([^";\n]+)"?/.exec(headers)?.[1];
  const parts = new Map<string, string>();
  if (!boundary) return { headers, parts };
  for (const chunk of normalized.split(`--${boundary}`).slice(1, -1)) {
    const [partHeaders = '', ...bodyLines] = chunk.trim().split('\n\n');
    const type = /^Content-Type: ([^;\n]+)/im.exec(partHeaders)?.[1]?.trim() ?? '';
    const body = bodyLines.join('\n\n');
    const isQuotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(partHeaders);
    const isBase64 = /^Content-Transfer-Encoding: base64/im.test(partHeaders);
    parts.set(
      type,
      isBase64
        ? Buffer.from(body, 'base64').toString('utf8')
        : isQuotedPrintable
          ? decodeQuotedPrintable(body)
          : body,
    );
  }
  return { headers, parts };
}

/**
 * A header's value with its RFC 2047 encoded words (non-ASCII subjects) decoded. The words are
 * joined as bytes first: a long subject may be split between words inside a character.
 */
export function readHeader(raw: string, name: string): string {
  const { headers } = readMimeParts(raw);
  const folded = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'im').exec(headers)?.[1] ?? '';
  const binary = folded
    .replace(/\?=\n?[ \t]+=\?/g, '?==?')
    .replace(/\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('latin1')
        : data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_hexMatch, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
    );
  return Buffer.from(binary, 'latin1').toString('utf8');
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The first link to `path` on this site in a message's plain-text part. */
export function findLink(raw: string, path: string): string {
  const text = readMimeParts(raw).parts.get('text/plain') ?? '';
  const link = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${text}`);
  return link;
}
