import { formatRupees, type OverlayAlert } from '@shabaash/core';

import type { NowPlaying } from '../alert-player';
import { FALLBACK_EMOTE, HYPEREMOTE_EMOJIS } from '../hyperemote-emojis';
import { OVERLAY_TEXT } from '../overlay.constants';
import { HyperemoteRain } from './hyperemote-rain';
import { useTypedText } from './use-typed-text';
import { useVoiceClip } from './use-voice-clip';

function emoteFor(alert: OverlayAlert): string | null {
  const { donation } = alert;
  if (donation.type !== 'hyperemote') return null;
  return HYPEREMOTE_EMOJIS[donation.hyperemote_id ?? ''] ?? FALLBACK_EMOTE;
}

/**
 * One alert on stream: who tipped how much, the message typed out (or shown at once beside a
 * voice message, which plays), and for a hyperemote the emote rain. The card sizes with the
 * viewport, so it reads at 1920×1080 and at 800×600. Donor text is only ever React text.
 */
export function AlertCard({ nowPlaying }: { nowPlaying: NowPlaying }) {
  const { alert, phase } = nowPlaying;
  const { donation } = alert;
  const hasVoice = donation.voice_url !== null;
  const { typed, rest } = useTypedText(donation.message, !hasVoice);
  const emote = emoteFor(alert);
  useVoiceClip(donation.voice_url);

  return (
    <>
      {emote && <HyperemoteRain emoji={emote} seed={alert.alert_id} />}
      <div className="fixed inset-x-0 top-[6vh] flex justify-center px-[4vw]">
        <article
          role="status"
          data-alert-id={alert.alert_id}
          data-phase={phase}
          className="overlay-card flex max-w-[min(90vw,72rem)] flex-col items-center gap-[1.5vmin] rounded-[3vmin] bg-slate-950/80 px-[5vmin] py-[3.5vmin] text-center text-white shadow-2xl ring-1 ring-white/15"
        >
          {alert.kind === 'test' && (
            <span className="rounded-full bg-white/15 px-[2vmin] py-[0.5vmin] text-[clamp(0.75rem,2vmin,1.25rem)] font-semibold tracking-wide uppercase">
              {OVERLAY_TEXT.testBadge}
            </span>
          )}
          {emote && (
            <span aria-hidden="true" className="text-[clamp(3rem,12vmin,8rem)] leading-none">
              {emote}
            </span>
          )}
          <p className="text-[clamp(1.5rem,5.5vmin,4.25rem)] leading-tight font-extrabold [overflow-wrap:anywhere]">
            <span className="text-amber-300">{donation.name}</span> {OVERLAY_TEXT.tipped}{' '}
            <span className="text-emerald-300">{formatRupees(donation.amount_paise)}</span>
          </p>
          {hasVoice && (
            <p className="text-[clamp(1rem,3.2vmin,2.5rem)] font-semibold text-sky-200">
              <span aria-hidden="true">🎤 </span>
              {OVERLAY_TEXT.voiceMessage}
            </p>
          )}
          {donation.message && (
            <p className="text-[clamp(1.125rem,3.8vmin,3rem)] leading-snug font-medium whitespace-pre-wrap [overflow-wrap:anywhere]">
              <span data-overlay-message>{typed}</span>
              {/* The untyped rest holds the card's final size, so it does not grow line by line. */}
              <span aria-hidden="true" className="invisible">
                {rest}
              </span>
            </p>
          )}
        </article>
      </div>
    </>
  );
}
