import type { MailLocale } from '@shabaash/core';

/**
 * Every e-mail's words, in English and Hindi side by side: the catalog's type asks for both
 * languages of every message, so a missing translation does not compile. Each message has a
 * plain-text and an HTML part; no images, no tracking pixels. Amounts arrive formatted (₹399)
 * and names as their owners wrote them; the brand stays "Shabaash" in both languages.
 */

/** An HTML-safe copy of text placed in a mail body. */
function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** A message ready for the mailer (without its recipient). */
export type MailText = { subject: string; text: string; html: string; links: string[] };

/** The words of one message in one language; `linkMail` lays them out. */
type MailWords = {
  subject: string;
  paragraphs: string[];
  linkLabel: string;
  footer: string;
};

/** What each message needs to be written; every message carries one link. */
type MailInputs = {
  passwordReset: { link: string };
  verifyEmail: { link: string };
  invite: { streamerName: string; link: string; expiresAt: Date };
  planReceipt: {
    planName: string;
    pageName: string;
    amount: string;
    orderId: string;
    paidAt: Date;
    endsAt: Date | null;
    link: string;
  };
  hostingReminder: { pageName: string; endsAt: Date; link: string };
};

export type MailId = keyof MailInputs;

type MailCatalog = {
  [Id in MailId]: Record<MailLocale, (input: MailInputs[Id]) => MailWords>;
};

/** A date in Hindi with the same moment as the English part's UTC date: "1 दिसंबर 2026, 10:30 (UTC)". */
const hindiDate = new Intl.DateTimeFormat('hi-IN', { dateStyle: 'long', timeZone: 'UTC' });
const hindiTime = new Intl.DateTimeFormat('hi-IN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
function formatHindiDate(date: Date): string {
  return `${hindiDate.format(date)}, ${hindiTime.format(date)} (UTC)`;
}

const CATALOG: MailCatalog = {
  passwordReset: {
    en: () => ({
      subject: 'Reset your Shabaash password',
      paragraphs: [
        'Someone (hopefully you) asked to reset the password of your Shabaash account.',
        'The link works once and expires in 1 hour. Setting a new password signs out every other session.',
      ],
      linkLabel: 'Set a new password',
      footer: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
    }),
    hi: () => ({
      subject: 'अपना Shabaash पासवर्ड रीसेट करें',
      paragraphs: [
        'किसी ने (उम्मीद है कि आपने ही) आपके Shabaash खाते का पासवर्ड रीसेट करने का अनुरोध किया है।',
        'यह लिंक केवल एक बार काम करता है और 1 घंटे में समाप्त हो जाएगा। नया पासवर्ड सेट करते ही बाकी सभी डिवाइस से आपका खाता साइन आउट हो जाएगा।',
      ],
      linkLabel: 'नया पासवर्ड सेट करें',
      footer: 'अगर आपने यह अनुरोध नहीं किया है, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।',
    }),
  },
  verifyEmail: {
    en: () => ({
      subject: 'Verify your Shabaash e-mail address',
      paragraphs: [
        'Welcome to Shabaash! Please confirm that this address is yours.',
        'Once it is verified you can create your tipping page. The link works once and expires in 24 hours.',
      ],
      linkLabel: 'Verify my e-mail',
      footer:
        'If you did not sign up for Shabaash, ignore this e-mail: no page can be made with it.',
    }),
    hi: () => ({
      subject: 'अपना Shabaash ईमेल पता सत्यापित करें',
      paragraphs: [
        'Shabaash में आपका स्वागत है! कृपया पुष्टि करें कि यह ईमेल पता आपका ही है।',
        'पता सत्यापित होने के बाद आप अपना टिपिंग पेज बना सकेंगे। यह लिंक केवल एक बार काम करता है और 24 घंटे में समाप्त हो जाएगा।',
      ],
      linkLabel: 'मेरा ईमेल सत्यापित करें',
      footer:
        'अगर आपने Shabaash पर साइन अप नहीं किया है, तो इस ईमेल को अनदेखा करें: इस पते से कोई पेज नहीं बनाया जा सकता।',
    }),
  },
  invite: {
    en: ({ streamerName, expiresAt }) => ({
      subject: `You are invited to ${streamerName} on Shabaash`,
      paragraphs: [
        `The Shabaash team invited you to the dashboard of ${streamerName}: its tips, moderation and OBS alerts.`,
        `Open the link to join, signing in or creating your account with this address. It works once, until ${expiresAt.toUTCString()}.`,
      ],
      linkLabel: 'Join the dashboard',
      footer:
        'If you were not expecting this, ignore this e-mail: nothing happens unless the link is opened.',
    }),
    hi: ({ streamerName, expiresAt }) => ({
      subject: `Shabaash पर ${streamerName} से जुड़ने का आमंत्रण`,
      paragraphs: [
        `Shabaash टीम ने आपको ${streamerName} के डैशबोर्ड पर आमंत्रित किया है: इसके टिप, मॉडरेशन और OBS अलर्ट।`,
        `जुड़ने के लिए लिंक खोलें और इसी ईमेल पते से साइन इन करें या अपना खाता बनाएँ। यह लिंक केवल एक बार, ${formatHindiDate(expiresAt)} तक काम करेगा।`,
      ],
      linkLabel: 'डैशबोर्ड से जुड़ें',
      footer: 'अगर आपको इसकी उम्मीद नहीं थी, तो इस ईमेल को अनदेखा करें: लिंक खोले बिना कुछ नहीं होगा।',
    }),
  },
  // ── plans (issue 22) ──
  planReceipt: {
    en: ({ planName, pageName, amount, orderId, paidAt, endsAt }) => ({
      subject: `Receipt: ${planName} for ${pageName}`,
      paragraphs: [
        `Thank you! We received ${amount} for the ${planName} on your page ${pageName}.`,
        `Order ${orderId}, paid ${paidAt.toUTCString()}.`,
        endsAt
          ? `It runs until ${endsAt.toUTCString()}. Nothing is charged automatically: we will remind you before it ends.`
          : 'It is a one-time payment: your page keeps it for good.',
      ],
      linkLabel: 'See your plans',
      footer: 'Keep this e-mail as your receipt. Questions? Reply to support@shabaash.in.',
    }),
    hi: ({ planName, pageName, amount, orderId, paidAt, endsAt }) => ({
      subject: `रसीद: ${pageName} के लिए ${planName}`,
      paragraphs: [
        `धन्यवाद! आपके पेज ${pageName} पर ${planName} के लिए हमें ${amount} प्राप्त हुए।`,
        `ऑर्डर ${orderId}, भुगतान ${formatHindiDate(paidAt)} को हुआ।`,
        endsAt
          ? `यह ${formatHindiDate(endsAt)} तक चलेगा। कोई राशि अपने-आप नहीं कटेगी: इसके समाप्त होने से पहले हम आपको याद दिलाएँगे।`
          : 'यह एक बार का भुगतान है: यह आपके पेज पर हमेशा बना रहेगा।',
      ],
      linkLabel: 'अपने प्लान देखें',
      footer: 'इस ईमेल को अपनी रसीद के रूप में संभालकर रखें। कोई सवाल हो तो support@shabaash.in पर लिखें।',
    }),
  },
  hostingReminder: {
    en: ({ pageName, endsAt }) => ({
      subject: `Monthly Hosting for ${pageName} ends soon`,
      paragraphs: [
        `Monthly Hosting for your page ${pageName} ends on ${endsAt.toUTCString()}.`,
        'Nothing is charged automatically. To keep it, renew it from your plans page before then.',
      ],
      linkLabel: 'Renew Monthly Hosting',
      footer: 'If you do not want to renew, ignore this e-mail.',
    }),
    hi: ({ pageName, endsAt }) => ({
      subject: `${pageName} की Monthly Hosting जल्द समाप्त हो रही है`,
      paragraphs: [
        `आपके पेज ${pageName} की Monthly Hosting ${formatHindiDate(endsAt)} को समाप्त हो जाएगी।`,
        'कोई राशि अपने-आप नहीं कटेगी। इसे जारी रखने के लिए उससे पहले अपने प्लान पेज से इसे रिन्यू करें।',
      ],
      linkLabel: 'Monthly Hosting रिन्यू करें',
      footer: 'अगर आप रिन्यू नहीं करना चाहते, तो इस ईमेल को अनदेखा करें।',
    }),
  },
};

/** The shape every message shares: paragraphs, one button-like link, a footer, the signature. */
function linkMail(locale: MailLocale, words: MailWords, link: string): MailText {
  const { subject, paragraphs, linkLabel, footer } = words;
  const text = [...paragraphs, '', `${linkLabel}: ${link}`, '', footer, '', '— Shabaash'].join(
    '\n',
  );
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    `<p style="color:#555">${escapeHtml(footer)}</p>`,
    '<p>— Shabaash</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html, links: [link] };
}

/** Message `id` in the recipient's language: its subject, plain-text and HTML parts. */
export function composeMail<Id extends MailId>(
  id: Id,
  locale: MailLocale,
  input: MailInputs[Id],
): MailText {
  const words = CATALOG[id][locale](input);
  return linkMail(locale, words, input.link);
}
