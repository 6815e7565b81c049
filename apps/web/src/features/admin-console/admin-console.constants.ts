import { formatDate } from '../../i18n/format';
import { activeLanguage, localized, t } from '../../i18n/i18n';

/**
 * The admin console's words (issue 10), in the signed-in admin's language. Validation messages
 * come from @shabaash/core.
 */
export const ADMIN_TEXT = /* @__PURE__ */ localized('admin', {
  title: 'Admin console',
  description: 'Streamers, members and invites, the leads and contact inbox, and site settings.',
  sectionsLabel: 'Admin sections',
  loading: 'Loading…',
  loadError: 'Could not load this list.',
  retry: 'Try again',
  notAdminTitle: 'Administrators only',
  notAdminText: 'The admin console is for Shabaash administrators.',
  backToDashboards: 'Back to your dashboards',

  streamersTab: 'Streamers',
  inboxTab: 'Inbox',
  siteTab: 'Site',
  auditTab: 'Audit log',
  plansTab: 'Plan purchases',

  searchLabel: 'Search streamers',
  searchPlaceholder: 'Name, slug or member e-mail',
  noStreamers: 'No streamers match.',
  active: 'Active',
  inactive: 'Not accepting tips',
  members: 'Members',
  noMembers: 'No members yet.',
  adminMember: 'admin',
  /** A member who accepted the invite; a pending one has a link not yet used. */
  accepted: 'Accepted',
  pending: 'Pending',
  expires: (date: string) => t('admin.expiresFn', { date }, `expires ${date}`),
  withdraw: 'Withdraw',
  removeMember: 'Remove',
  addMemberLabel: 'Add a member by e-mail',
  addMember: 'Invite',
  asAdmin: 'as admin',
  memberRemoved: 'Member removed',
  inviteWithdrawn: 'Invite withdrawn',
  inviteCreated:
    'We e-mailed them this one-time link (copy it if the mail goes astray). They join once they open it signed in with this e-mail, or sign up with it.',
  copyLink: 'Copy link',
  copied: 'Link copied',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivated: 'Streamer deactivated: the page is no longer accepting tips.',
  reactivated: 'Streamer reactivated',
  confirmDeactivate: (name: string) =>
    t(
      'admin.confirmDeactivateFn',
      { name },
      `Deactivate ${name}? Their page will stop accepting tips and overlays will stay quiet.`,
    ),
  openDashboard: 'Dashboard & settings',
  openPage: 'Tip page',

  createTitle: 'Create a streamer',
  createFromLead: (name: string) =>
    t('admin.createFromLeadFn', { name }, `From the lead of ${name}`),
  slugLabel: 'Slug',
  slugHint: 'The page address: lower-case letters, digits and single hyphens.',
  nameLabel: 'Name',
  brandColorLabel: 'Brand colour',
  ownerEmailLabel: 'Owner e-mail (optional)',
  ownerEmailHint: 'The owner is e-mailed a one-time link and becomes the owner by accepting it.',
  create: 'Create streamer',
  creating: 'Creating…',
  created: (slug: string) => t('admin.createdFn', { slug }, `Streamer /${slug} created`),
  clearLead: 'Clear',

  leadsTitle: 'Leads',
  contactTitle: 'Contact messages',
  noLeads: 'No leads yet.',
  noMessages: 'No messages yet.',
  exportCsv: 'Export CSV',
  createStreamerFromLead: 'Create streamer',
  plan: 'Plan',

  videoTitle: 'Home page video',
  videoLabel: 'Background video URL',
  videoHint: 'An https:// link to a video file. Leave empty for the gradient.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved',

  siteConfigTitle: 'Status page and footer',
  defaultStreamerLabel: 'Default streamer',
  defaultStreamerHint:
    "The slug of the page the status page's Back to Donation Page opens when an order names no streamer. Leave empty for the home page.",
  supportLegend: 'Support contact (/contact and the footer)',
  supportHint:
    'Each detail shows only when filled in. Leave the chat link empty if nobody runs a chat.',
  supportEmailLabel: 'Support e-mail',
  supportPhoneLabel: 'Support phone',
  supportHoursExample: 'Mon–Fri 10am–6pm IST',
  supportHoursLabel: 'Phone hours',
  supportChatLabel: 'Live chat link (e.g. a WhatsApp link)',
  socialLinksLegend: 'Footer social links',
  socialLinksHint: 'https:// links to your profiles. A network left empty is not shown.',
  socialLinkLabel: (network: string) => t('admin.socialLinkLabelFn', { network }, `${network} URL`),

  auditFilterLabel: 'Streamer slug (empty for everything)',
  noAudit: 'Nothing recorded yet.',
  auditWho: 'Who',
  auditWhen: 'When',
  auditWhat: 'What',
  auditOld: 'Old',
  auditNew: 'New',
  /** A switch's value in the audit log. */
  on: 'On',
  off: 'Off',
  loadMore: 'Older entries',
  site: 'site',
} as const);

/** The console's dates and times: India time, in the active language. */
export const adminDateFormat = {
  format: (date: Date) => formatDate(date, activeLanguage(), 'dateTime'),
};
