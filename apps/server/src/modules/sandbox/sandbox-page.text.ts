import type { Language } from '@shabaash/core';

/**
 * The sandbox checkout page's words in each language (issue 21): the page speaks the fan's
 * language (their cookie), else the streamer's. The server writes these few texts itself, so
 * they live here rather than in the web app's catalogs; `{name}`, `{amount}` and `{state}` are
 * filled in (the last by checkout.js).
 */
export const SANDBOX_PAGE_TEXT: Record<Language, Record<string, string>> = {
  'en-IN': {
    title: 'Sandbox UPI checkout',
    ribbon: 'Sandbox — no real money',
    orderLabel: 'Order',
    payingAs: 'Paying as {name}',
    heading: 'Simulate the payment',
    hint: 'A real gateway would open your UPI app here. Choose what happens:',
    pay: 'Pay {amount} (UPI)',
    fail: 'Fail',
    cancel: 'Cancel',
    leavePending: 'Leave pending',
    processing: 'Processing…',
    failed: 'The sandbox could not record that. Please try again.',
    already: 'This order is already {state}.',
  },
  hi: {
    title: 'सैंडबॉक्स UPI चेकआउट',
    ribbon: 'सैंडबॉक्स — असली पैसे नहीं',
    orderLabel: 'ऑर्डर',
    payingAs: '{name} के नाम से पेमेंट',
    heading: 'पेमेंट को आज़माएँ',
    hint: 'असली गेटवे यहाँ आपका UPI ऐप खोलता। चुनिए आगे क्या हो:',
    pay: '{amount} दें (UPI)',
    fail: 'फ़ेल करें',
    cancel: 'रद्द करें',
    leavePending: 'पेंडिंग छोड़ें',
    processing: 'प्रोसेस हो रहा है…',
    failed: 'सैंडबॉक्स इसे दर्ज नहीं कर पाया। कृपया फिर से कोशिश करें।',
    already: 'यह ऑर्डर पहले ही {state} है।',
  },
};

/** The page's text `key` in `language`, with `values` filled in. */
export function sandboxPageText(
  language: Language,
  key: string,
  values: Record<string, string> = {},
): string {
  const text = SANDBOX_PAGE_TEXT[language][key] ?? SANDBOX_PAGE_TEXT['en-IN'][key] ?? key;
  return text.replace(
    /\{(name|amount)\}/g,
    (placeholder, name: string) => values[name] ?? placeholder,
  );
}
