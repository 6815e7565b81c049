/**
 * Every e-mail's words, in one place so they can be translated (Hindi is a later issue). Each
 * message has a plain-text and an HTML part; no images, no tracking pixels.
 */

/** An HTML-safe copy of text placed in a mail body. */
function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

type MailText = { subject: string; text: string; html: string; links: string[] };

/** The shape every message shares: a greeting line, paragraphs, one button-like link. */
function linkMail(input: {
  subject: string;
  paragraphs: string[];
  linkLabel: string;
  link: string;
  footer: string;
}): MailText {
  const { subject, paragraphs, linkLabel, link, footer } = input;
  const text = [...paragraphs, '', `${linkLabel}: ${link}`, '', footer, '', '— Shabaash'].join(
    '\n',
  );
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    `<p style="color:#555">${escapeHtml(footer)}</p>`,
    '<p>— Shabaash</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html, links: [link] };
}

export const MAIL_TEXTS = {
  passwordReset: (link: string): MailText =>
    linkMail({
      subject: 'Reset your Shabaash password',
      paragraphs: [
        'Someone (hopefully you) asked to reset the password of your Shabaash account.',
        'The link works once and expires in 1 hour. Setting a new password signs out every other session.',
      ],
      linkLabel: 'Set a new password',
      link,
      footer: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
    }),
  verifyEmail: (link: string): MailText =>
    linkMail({
      subject: 'Verify your Shabaash e-mail address',
      paragraphs: [
        'Welcome to Shabaash! Please confirm that this address is yours.',
        'Once it is verified you can create your tipping page. The link works once and expires in 24 hours.',
      ],
      linkLabel: 'Verify my e-mail',
      link,
      footer:
        'If you did not sign up for Shabaash, ignore this e-mail: no page can be made with it.',
    }),
  invite: (input: { streamerName: string; link: string; expiresAt: Date }): MailText =>
    linkMail({
      subject: `You are invited to ${input.streamerName} on Shabaash`,
      paragraphs: [
        `The Shabaash team invited you to the dashboard of ${input.streamerName}: its tips, moderation and OBS alerts.`,
        `Open the link to join, signing in or creating your account with this address. It works once, until ${input.expiresAt.toUTCString()}.`,
      ],
      linkLabel: 'Join the dashboard',
      link: input.link,
      footer:
        'If you were not expecting this, ignore this e-mail: nothing happens unless the link is opened.',
    }),
  // ── plans (issue 22) ──
  planReceipt: (input: {
    planName: string;
    pageName: string;
    amount: string;
    orderId: string;
    paidAt: Date;
    endsAt: Date | null;
    link: string;
  }): MailText =>
    linkMail({
      subject: `Receipt: ${input.planName} for ${input.pageName}`,
      paragraphs: [
        `Thank you! We received ${input.amount} for the ${input.planName} on your page ${input.pageName}.`,
        `Order ${input.orderId}, paid ${input.paidAt.toUTCString()}.`,
        ...(input.endsAt
          ? [
              `It runs until ${input.endsAt.toUTCString()}. Nothing is charged automatically: we will remind you before it ends.`,
            ]
          : ['It is a one-time payment: your page keeps it for good.']),
      ],
      linkLabel: 'See your plans',
      link: input.link,
      footer: 'Keep this e-mail as your receipt. Questions? Reply to support@shabaash.in.',
    }),
  hostingReminder: (input: { pageName: string; endsAt: Date; link: string }): MailText =>
    linkMail({
      subject: `Monthly Hosting for ${input.pageName} ends soon`,
      paragraphs: [
        `Monthly Hosting for your page ${input.pageName} ends on ${input.endsAt.toUTCString()}.`,
        'Nothing is charged automatically. To keep it, renew it from your plans page before then.',
      ],
      linkLabel: 'Renew Monthly Hosting',
      link: input.link,
      footer: 'If you do not want to renew, ignore this e-mail.',
    }),
};
