import type { InboxLead } from './admin-console.api';

/** What the create form starts with when an admin turns a lead into a streamer. */
export type StreamerPrefill = { leadName: string; slug: string; name: string; ownerEmail: string };

/** Lower-case letters and digits joined by single hyphens, at most 30 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
}

/** The channel's handle (`youtube.com/@name`, `@name`) if the link has one. */
function channelHandle(link: string): string | null {
  const match = /@([A-Za-z0-9._-]+)/.exec(link);
  return match?.[1] ?? null;
}

/**
 * A lead's suggested streamer: the YouTube handle (else the name) as the slug, the person's
 * name, and their e-mail as the owner who gets the invite.
 */
export function prefillFromLead(lead: InboxLead): StreamerPrefill {
  const handle = channelHandle(lead.youtube_channel);
  const slug = slugify(handle ?? lead.name) || slugify(lead.email.split('@')[0] ?? '');
  return { leadName: lead.name, slug, name: lead.name.trim(), ownerEmail: lead.email };
}
