import type { PublicStreamer } from '@shabaash/core';

import { BrandLogo } from '../../components/brand-logo';
import { cn } from '../../lib/cn';
import { DONATION_TEXT } from './donation.constants';
import { THEME_HERO_CLASSES } from './donation-theme';

/**
 * The page's header band: the streamer's cover image for the 'cover' theme, else the theme's
 * colour family, with the streamer's name. The form card overlaps its lower edge.
 */
export function StreamerHero({ streamer }: { streamer: PublicStreamer }) {
  const coverImage = streamer.theme === 'cover' ? streamer.cover_image_url : null;
  const initial = Array.from(streamer.name.trim())[0]?.toUpperCase() ?? '?';

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
        <BrandLogo className="text-white/95" />
        <div className="mt-6 flex items-center gap-4">
          <span
            aria-hidden="true"
            className="grid size-14 shrink-0 place-items-center rounded-2xl bg-white/20 text-2xl font-black ring-1 ring-white/40 backdrop-blur-sm"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-white/90">{DONATION_TEXT.heroEyebrow}</p>
            <h1 className="text-2xl leading-tight font-extrabold tracking-tight break-words sm:text-3xl">
              {streamer.name}
            </h1>
          </div>
        </div>
        <p className="mt-3 text-sm text-white/90">{DONATION_TEXT.heroTagline}</p>
      </div>
    </header>
  );
}
