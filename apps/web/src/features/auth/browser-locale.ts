import type { MailLocale } from '@shabaash/core';

/**
 * The e-mail language a new account starts with: Hindi when the browser asks for Hindi
 * (`hi`, `hi-IN`), English otherwise. The account page can change it later.
 */
export function mailLocaleOfBrowser(language: string | undefined): MailLocale {
  return language?.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}
