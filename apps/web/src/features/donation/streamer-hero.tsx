import { isHttpsUrl } from '@shabaash/core';

import { BrandLogo } from '../../components/brand-logo';
import { cn } from '../../lib/cn';
import type { DonationStreamer } from './donation.api';
import { DONATION_TEXT, SOCIAL_LINK_LABELS } from './donation.constants';
import { THEME_HERO_CLASSES } from './donation-theme';
import { LanguageSwitch } from './language-switch';

/** What the hero shows; "Create your page" previews a page from its draft with these alone. */
export type HeroStreamer = Pick<
  DonationStreamer,
  'name' | 'theme' | 'cover_image_url' | 'avatar_url' | 'welcome_text' | 'social_links'
>;

/**
 * The page's header band: the streamer's cover image for the 'cover' theme, else the theme's
 * colour family, with the streamer's avatar (or initial), name, welcome text and social links.
 * The form card overlaps its lower edge.
 */
export function StreamerHero({ streamer }: { streamer: HeroStreamer }) {
  const coverImage = streamer.theme === 'cover' ? streamer.cover_image_url : null;
  const initial = Array.from(streamer.name.trim())[0]?.toUpperCase() ?? '?';
  // The server only stores https links; checked again so no other scheme becomes a link.
  const socialLinks = streamer.social_links.filter((link) => isHttpsUrl(link.url));

  return (
    <header className="relative isolate overflow-hidden pt-4 pb-20 text-white">
      {coverImage ? (
        <>
          <img src={coverImage} alt="" className="absolute inset-0 -z-10 size-full object-cover" />
          <div className="absolute inset-0 -z-10 bg-linear-to-t from-slate-950/85 via-slate-950/50 to-slate-950/20" />
        </>
      ) : (
        <div
          className={cn(
            'absolute inset-0 -z-10 bg-linear-to-br',
            THEME_HERO_CLASSES[streamer.theme],
          )}
        />
      )}
      <div className="mx-auto w-full max-w-lg px-4">
        <div className="flex items-center justify-between gap-3">
          <BrandLogo className="text-white/95" />
          <LanguageSwitch />
        </div>
        <div className="mt-6 flex items-center gap-4">
          {streamer.avatar_url ? (
            <img
              src={streamer.avatar_url}
              alt=""
              data-streamer-avatar
              className="size-14 shrink-0 rounded-2xl object-cover ring-1 ring-white/40"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-14 shrink-0 place-items-center rounded-2xl bg-white/20 text-2xl font-black ring-1 ring-white/40 backdrop-blur-sm"
            >
              {initial}
            </span>
          )}
          <div className="min-w-0">
            <p className="text-sm font-medium text-white/90">{DONATION_TEXT.heroEyebrow}</p>
            <h1 className="text-2xl leading-tight font-extrabold tracking-tight break-words sm:text-3xl">
              {streamer.name}
            </h1>
          </div>
        </div>
        <p
          data-welcome-text
          className="mt-3 text-sm whitespace-pre-line text-white/90 [overflow-wrap:anywhere]"
        >
          {streamer.welcome_text || DONATION_TEXT.heroTagline}
        </p>
        {socialLinks.length > 0 && (
          <ul aria-label={DONATION_TEXT.socialLinksLabel} className="mt-3 flex flex-wrap gap-2">
            {socialLinks.map((link) => (
              <li key={`${link.platform}\n${link.url}`}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex rounded-full bg-white/15 px-3 py-1 text-xs font-semibold text-white ring-1 ring-white/30 hover:bg-white/25"
                >
                  {SOCIAL_LINK_LABELS[link.platform]}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}
