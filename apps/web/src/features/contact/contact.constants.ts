/** Texts and contact details of the contact page (spec 01 §2, §4, §8), in the page's language. */

import { localized } from '../../i18n/i18n';

export const CONTACT_TEXT = /* @__PURE__ */ localized('marketing.contact', {
  eyebrow: 'Contact',
  title: 'Talk to the Shabaash team',
  intro:
    'Questions about UPI tipping, alerts in OBS or a plan? Write to us and a real person will answer, usually within one working day.',
  emailTitle: 'Email us',
  emailText: 'For anything about your page, payouts or a plan.',
  phoneTitle: 'Call us',
  phoneText: 'Talk to a person.',
  chatTitle: 'Live chat',
  chatText: 'Chat with the team.',
  chatButton: 'Start chat',
  formTitle: 'Send us a message',
  formIntro: 'We reply by e-mail. Add your phone number if you’d like a call back.',
  nameLabel: 'Name',
  emailLabel: 'Email',
  phoneLabel: 'Phone',
  phoneHint: 'Optional',
  messageLabel: 'Message',
  messagePlaceholder: 'How can we help?',
  submit: 'Send Message',
  submitting: 'Sending...',
} as const);
