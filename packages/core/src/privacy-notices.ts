/**
 * The privacy notices shown where personal data is collected (DPDP Rules 2025, Rule 3; issue 29),
 * kept here and nowhere else. Each record collected under a notice stores `noticeVersion(...)`,
 * so a change of words is a new version: raise `version` whenever the text, the data items or the
 * purposes change. Plain language, English and Hindi; each notice links to the rights page,
 * where consent is withdrawn, rights are exercised and a complaint to the Board is explained.
 *
 * Plain constants only (no zod): the donation page's dialog chunk imports them.
 */

/** The rights page (issue 29 part B): see, download, correct, erase; withdraw; complain. */
export const PRIVACY_RIGHTS_PATH = '/privacy/my-data';

export const NOTICE_LANGUAGES = ['en', 'hi'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export type PrivacyNotice = {
  id: 'donation' | 'signup' | 'lead' | 'contact';
  version: number;
  /** What is collected, item by item. */
  dataItems: readonly string[];
  /** What it is used for. */
  purposes: readonly string[];
  /** How long it is kept, in a line (the full table is on the rights page). */
  retention: string;
  /** The notice as the form shows it, one short paragraph per language. */
  text: Record<NoticeLanguage, string>;
};

const BOARD_EN = 'You can also complain to the Data Protection Board of India.';
const BOARD_HI = 'आप भारत के डेटा संरक्षण बोर्ड से शिकायत भी कर सकते हैं।';

/**
 * One constant per form, so a page bundles only its own form's notice (the donation page's
 * script is on a budget).
 */
export const DONATION_NOTICE = {
  id: 'donation',
  version: 1,
  dataItems: ['name', 'mobile number', 'message', 'voice recording', 'IP address'],
  purposes: [
    'take your payment and give you a receipt (the payment gateway receives your name and number)',
    "show your name, message and voice on the creator's live stream, only if you agree",
    'marketing messages, only if you choose them',
  ],
  retention:
    'The payment record is kept as long as the law on accounts requires; your message and voice stop being shown the moment you withdraw.',
  text: {
    en:
      "We collect your name, mobile number, message, voice recording and IP address to take your payment and give you a receipt (the payment gateway receives your name and number). With your consent, your name, message and voice are shown and played on the creator's public stream. You can withdraw that consent with one click on your receipt page; the payment record stays, as the law on accounts requires. Your mobile number is never shown to the creator. " +
      BOARD_EN,
    hi:
      'हम आपका नाम, मोबाइल नंबर, संदेश, आवाज़ की रिकॉर्डिंग और IP पता आपका भुगतान लेने और रसीद देने के लिए लेते हैं (पेमेंट गेटवे को आपका नाम और नंबर मिलता है)। आपकी सहमति से आपका नाम, संदेश और आवाज़ क्रिएटर की सार्वजनिक स्ट्रीम पर दिखाए और चलाए जाते हैं। आप अपनी रसीद के पेज पर एक क्लिक में यह सहमति वापस ले सकते हैं; भुगतान का रिकॉर्ड लेखा कानून के अनुसार रहता है। आपका मोबाइल नंबर क्रिएटर को कभी नहीं दिखाया जाता। ' +
      BOARD_HI,
  },
} as const satisfies PrivacyNotice;

export const SIGNUP_NOTICE = {
  id: 'signup',
  version: 1,
  dataItems: ['e-mail address', 'username', 'password (stored only as a hash)', 'IP address'],
  purposes: ['your creator account: sign-in, e-mails about it, and payouts'],
  retention: 'Kept while your account exists; you can ask for erasure on the privacy page.',
  text: {
    en:
      'We collect your e-mail address, username, password (stored only as a hash) and IP address to run your creator account: sign-in, e-mails about your account, and payouts. We keep them while your account exists. ' +
      BOARD_EN,
    hi:
      'हम आपका ई-मेल पता, यूज़रनेम, पासवर्ड (केवल हैश के रूप में) और IP पता आपका क्रिएटर खाता चलाने के लिए लेते हैं: साइन-इन, खाते से जुड़े ई-मेल और भुगतान। खाता रहने तक हम इन्हें रखते हैं। ' +
      BOARD_HI,
  },
} as const satisfies PrivacyNotice;

export const LEAD_NOTICE = {
  id: 'lead',
  version: 1,
  dataItems: ['name', 'mobile number', 'YouTube channel', 'e-mail address', 'Instagram handle'],
  purposes: ['contact you about setting up Shabaash for your channel'],
  retention: 'Kept until we have set you up or you ask us to erase it.',
  text: {
    en:
      'We collect your name, mobile number, YouTube channel, e-mail address and Instagram handle only to contact you about setting up Shabaash for your channel. We keep them until we have set you up or you ask us to erase them. ' +
      BOARD_EN,
    hi:
      'हम आपका नाम, मोबाइल नंबर, YouTube चैनल, ई-मेल पता और Instagram हैंडल केवल आपके चैनल के लिए Shabaash शुरू करने के बारे में आपसे संपर्क करने के लिए लेते हैं। काम पूरा होने या आपके कहने पर हम इन्हें मिटा देते हैं। ' +
      BOARD_HI,
  },
} as const satisfies PrivacyNotice;

export const CONTACT_NOTICE = {
  id: 'contact',
  version: 1,
  dataItems: ['name', 'e-mail address', 'mobile number (optional)', 'message'],
  purposes: ['answer your message'],
  retention: 'Kept until your question is answered, then as the privacy page says.',
  text: {
    en:
      'We collect your name, e-mail address, mobile number (if you give it) and message only to answer you. ' +
      BOARD_EN,
    hi:
      'हम आपका नाम, ई-मेल पता, मोबाइल नंबर (यदि आप दें) और संदेश केवल आपको जवाब देने के लिए लेते हैं। ' +
      BOARD_HI,
  },
} as const satisfies PrivacyNotice;

export const PRIVACY_NOTICES = {
  donation: DONATION_NOTICE,
  signup: SIGNUP_NOTICE,
  lead: LEAD_NOTICE,
  contact: CONTACT_NOTICE,
} as const satisfies Record<PrivacyNotice['id'], PrivacyNotice>;

export type NoticeId = keyof typeof PRIVACY_NOTICES;

/** What a record stores as the notice it was collected under: `donation@1`. */
export function noticeVersion(id: NoticeId): string {
  return `${id}@${String(PRIVACY_NOTICES[id].version)}`;
}

/** The purposes a fan consents to, one record each (consent_records.purpose). */
export const CONSENT_PURPOSES = ['stream_display', 'marketing', 'age_18_plus'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** The purposes that can be withdrawn (an age declaration is a fact, not a consent). */
export const WITHDRAWABLE_PURPOSES = ['stream_display', 'marketing'] as const;
export type WithdrawablePurpose = (typeof WITHDRAWABLE_PURPOSES)[number];
export type ConsentState = 'given' | 'withdrawn' | 'not_given';
/** A tip's consents, as its receipt page shows them (GET /api/orders/:orderId/status). */
export type OrderConsents = Record<WithdrawablePurpose, ConsentState>;

/** The choices on the forms, in both languages, and the answers when one is missing. */
export const CONSENT_TEXT = {
  ageConfirm: {
    en: 'I am 18 or older',
    hi: 'मेरी उम्र 18 वर्ष या उससे अधिक है',
  },
  streamConsent: {
    en: 'Show my name, message and voice on the public stream',
    hi: 'मेरा नाम, संदेश और आवाज़ सार्वजनिक स्ट्रीम पर दिखाएँ',
  },
  marketingConsent: {
    en: 'Send me news and offers (optional)',
    hi: 'मुझे समाचार और ऑफ़र भेजें (वैकल्पिक)',
  },
  noticeHeading: { en: 'Your data', hi: 'आपका डेटा' },
  rightsLink: {
    en: 'Your rights, withdrawal and complaints',
    hi: 'आपके अधिकार, सहमति वापसी और शिकायत',
  },
  /** The Act asks verifiable parental consent below 18; we refuse instead (README). */
  ageRequired:
    'Please confirm you are 18 or older. We do not collect personal data from anyone younger.',
  streamConsentRequired:
    'Please agree that your name, message and voice are shown on the stream, or tip anonymously with a hyperemote and no message.',
} as const;

/**
 * Whether an order puts something of the fan on the public stream (a name, a message, a voice
 * or media), so it needs the fan's stream consent. Only an anonymous hyperemote with no message
 * shows nothing personal.
 */
export function needsStreamConsent(order: {
  type: string;
  message?: string;
  anonymous?: boolean;
}): boolean {
  const hasMessage = (order.message ?? '').trim() !== '';
  return !(order.anonymous === true && !hasMessage && order.type === 'hyperemote');
}

/** Where a consent was given from: the address and a short summary of the browser. */
export function summarizeUserAgent(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown';
  // Most specific first: an Edge or Opera agent names Chrome and Safari too.
  let browser: string | null = null;
  for (const name of ['Edg', 'OPR', 'Firefox', 'CriOS', 'Chrome', 'Safari']) {
    const match = new RegExp(`${name}/(\\d+)`).exec(userAgent);
    if (match) {
      browser = `${name} ${match[1] ?? ''}`.trim();
      break;
    }
  }
  // Android and ChromeOS agents name Linux too: the first that appears in this order wins.
  const os =
    ['Android', 'iPhone', 'iPad', 'CrOS', 'Windows', 'Mac OS X', 'Linux'].find((name) =>
      userAgent.includes(name),
    ) ?? null;
  const summary = [browser, os].filter(Boolean).join(' on ');
  return summary || userAgent.slice(0, 60);
}
