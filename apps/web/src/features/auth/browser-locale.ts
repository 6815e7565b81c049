import type { Language, MailLocale } from '@shabaash/core';

/**
 * The e-mail language a new account starts with: Hindi when the browser asks for Hindi
 * (`hi`, `hi-IN`), English otherwise. The account page can change it later.
 */
export function mailLocaleOfBrowser(language: string | undefined): MailLocale {
  return language?.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

/** The pages' language for a browser's (`navigator.language`): Hindi or English, as above. */
export function languageOfBrowser(language: string | undefined): Language {
  return mailLocaleOfBrowser(language) === 'hi' ? 'hi' : 'en-IN';
}
