import type { AlertTextPart, OverlayAlert } from '@shabaash/core';

import { cn } from '../../../lib/cn';
import type { NowPlaying } from '../alert-player';
import { FALLBACK_EMOTE, HYPEREMOTE_EMOJIS } from '../hyperemote-emojis';
import { OVERLAY_TEXT } from '../overlay.constants';
import { HyperemoteRain } from './hyperemote-rain';
import { useTypedText } from './use-typed-text';

function emoteFor(alert: OverlayAlert): string | null {
  const { donation } = alert;
  if (donation.type !== 'hyperemote') return null;
  return HYPEREMOTE_EMOJIS[donation.hyperemote_id ?? ''] ?? FALLBACK_EMOTE;
}

/** Past this many characters a message is set smaller (a tweet's worth still reads large). */
const LONG_MESSAGE_CHARACTERS = 140;

const HEADLINE_PART_CLASSES: Record<AlertTextPart['kind'], string | undefined> = {
  text: undefined,
  name: 'text-amber-300',
  amount: 'text-emerald-300',
};

/**
 * One alert on stream, as the streamer's alert variation draws it (image, text, sound): who
 * tipped how much, the message typed out (or shown at once beside a
 * voice message, which plays), and for a hyperemote the emote rain. The card sizes with the
 * viewport, so it reads at 1920×1080 and at 800×600. Donor text is only ever React text.
 */
export function AlertCard({ nowPlaying }: { nowPlaying: NowPlaying }) {
  const { alert, presentation, phase } = nowPlaying;
  const { donation } = alert;
  const hasVoice = donation.voice_url !== null;
  const { typed, rest } = useTypedText(
    donation.message,
    hasVoice ? 0 : presentation.typingMsPerCharacter,
  );
  const emote = emoteFor(alert);
  // A test alert, or a sandbox tip (no money moved), says so on the card.
  const badge =
    alert.kind === 'test'
      ? OVERLAY_TEXT.testBadge
      : donation.is_sandbox
        ? OVERLAY_TEXT.sandboxBadge
        : null;
  // The alert's sound, speech and voice message play in the overlay's audio sequence
  // (audio-sequence.ts), one after another, not here.

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
          {badge && (
            <span className="rounded-full bg-white/15 px-[2vmin] py-[0.5vmin] text-[clamp(0.75rem,2vmin,1.25rem)] font-semibold tracking-wide uppercase">
              {badge}
            </span>
          )}
          {presentation.imageUrl && (
            <img
              src={presentation.imageUrl}
              alt=""
              data-overlay-image
              className="max-h-[30vh] max-w-[min(60vw,40rem)] object-contain"
            />
          )}
          {emote && (
            <span aria-hidden="true" className="text-[clamp(3rem,12vmin,8rem)] leading-none">
              {emote}
            </span>
          )}
          <p className="text-[clamp(1.5rem,5.5vmin,4.25rem)] leading-tight font-extrabold [overflow-wrap:anywhere]">
            {presentation.headline.map((part, index) => (
              <span key={index} className={HEADLINE_PART_CLASSES[part.kind]}>
                {part.text}
              </span>
            ))}
          </p>
          {hasVoice && (
            <p className="text-[clamp(1rem,3.2vmin,2.5rem)] font-semibold text-sky-200">
              <span aria-hidden="true">🎤 </span>
              {OVERLAY_TEXT.voiceMessage}
            </p>
          )}
          {donation.message && (
            <p
              className={cn(
                'leading-snug font-medium whitespace-pre-wrap [overflow-wrap:anywhere]',
                // A long message gets smaller type, so the card stays a compact block that fits
                // the stream rather than a screen-high box filling up line by line.
                Array.from(donation.message).length > LONG_MESSAGE_CHARACTERS
                  ? 'text-[clamp(0.875rem,2.4vmin,1.75rem)]'
                  : 'text-[clamp(1.125rem,3.8vmin,3rem)]',
              )}
            >
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
