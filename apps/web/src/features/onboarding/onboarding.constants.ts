/** Texts of e-mail verification and "Create your page" (issue 22); the API's words are in core. */
export const VERIFY_TEXT = {
  pageTitle: 'Verify your e-mail',
  verifying: 'Verifying your e-mail…',
  verifiedTitle: 'E-mail verified',
  verifiedSignedIn: 'You can now create your tipping page.',
  verifiedSignedOut: 'Log in to create your tipping page.',
  verifiedOtherAccount: (verified: string, current: string) =>
    `${verified} is verified. This browser is signed in as ${current}: log out and log in as ${verified} to use it.`,
  failedTitle: 'This link did not work',
  missingToken: 'This page needs the link from your e-mail.',
  createPage: 'Create your page',
  logIn: 'Log in',
  home: 'Return to Home',
  // The notice an unverified account sees where it would create or join a page.
  noticeTitle: 'Verify your e-mail to continue',
  noticeText: (email: string) =>
    `We sent a verification link to ${email}. Open it to create or join a streamer page. It may take a minute to arrive; check your spam folder too.`,
  resend: 'Resend verification e-mail',
  resending: 'Sending…',
  resent: 'Verification e-mail sent',
  checkAgain: 'I have verified it',
  checking: 'Checking…',
  stillUnverified: 'Not verified yet. Open the link in the e-mail, then try again.',
} as const;

export const CREATE_PAGE_TEXT = {
  pageTitle: 'Create your page',
  description:
    'Pick the address fans will visit, your name and colour. You can change everything but the address later in Settings.',
  slugLabel: 'Page address',
  slugPrefix: (origin: string) => `${origin.replace(/^https?:\/\//, '')}/`,
  slugHint: 'Lower-case letters, digits and hyphens, 3–30 characters.',
  checking: 'Checking…',
  nameLabel: 'Display name',
  nameHint: 'How fans and your alerts will call you.',
  namePlaceholder: 'Your name',
  colorLabel: 'Brand colour',
  colorHint: 'Used for buttons and highlights on your page and alerts.',
  create: 'Create my page',
  creating: 'Creating…',
  created: 'Your page is ready',
  previewTitle: 'Your page, as fans will see it',
  previewLabel: 'Preview of your donation page',
  previewNote:
    'Your page starts in preview: you can open it, set up OBS and send test alerts. Fans can tip once you choose a plan.',
  previewButton: 'Donate',
  avatarTitle: 'Add a picture',
  avatarText: 'Fans see it at the top of your page. You can skip this and add one later.',
  goToDashboard: 'Go to my dashboard',
  /** The plan chosen on a pricing card before sign-up (issue 22). */
  continueToPlan: (planName: string) => `Continue to checkout: ${planName}`,
  openPage: 'Open my page',
  helpTitle: 'Prefer a hand?',
  helpText:
    'On the home page, press Start Earning and leave your details: the Shabaash team will call or e-mail you and set your page up with you.',
  helpLink: 'Go to the home page',
  loadError: 'Could not load your new page. Please try again.',
  retry: 'Try Again',
} as const;
