/** Texts and contact details of the contact page (spec 01 §2, §4, §8). */

// TODO(before launch): confirm the support address and phone number with the team. These are
// the only places they are written; the footer and the legal pages read them from here.
export const CONTACT_DETAILS = {
  email: 'support@shabaash.in',
  phoneDisplay: '+91 80 4567 8900',
  phoneHref: 'tel:+918045678900',
  phoneHours: 'Mon-Fri 8am-5pm IST',
} as const;

export const CONTACT_TEXT = {
  eyebrow: 'Contact',
  title: 'Talk to the Shabaash team',
  intro:
    'Questions about UPI tipping, alerts in OBS or a plan? Write to us and a real person will answer, usually within one working day.',
  emailTitle: 'Email us',
  emailText: 'For anything about your page, payouts or a plan.',
  phoneTitle: 'Call us',
  chatTitle: 'Live chat',
  chatText: 'Available 24/7. Leave a message below and we reply as soon as we can.',
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
} as const;
