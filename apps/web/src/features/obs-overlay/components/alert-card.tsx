import '../alert-fonts.css';
import '../obs-overlay.css';

import type { AlertTextPart, OverlayAlert } from '@shabaash/core';

import { cn } from '../../../lib/cn';
import { cardStyle, partColour, placementStyle } from '../alert-design-style';
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

/**
 * One alert on stream, as the streamer's alert variation draws it (design, image, text): who
 * tipped how much, the message typed out (or shown at once beside a voice message, which
 * plays), and for a hyperemote the emote rain. It sits in an alert frame (`.alert-frame`: the
 * overlay's viewport, or the settings preview's scaled 1920×1080 box) and sizes with that
 * frame, so it reads at 1920×1080 and at 800×600 and the preview shows exactly the stream.
 * Donor text is only ever React text; the design reaches styles only through alert-design-style.
 */
export function AlertCard({
  nowPlaying,
  isPreview = false,
}: {
  nowPlaying: NowPlaying;
  /** In the settings preview: no emote rain over the page, no live region of its own. */
  isPreview?: boolean;
}) {
  const { alert, presentation, phase } = nowPlaying;
  const { donation } = alert;
  const { design } = presentation;
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
  const imageUrl = design.layout === 'text' ? null : presentation.imageUrl;
  const isBeside = design.layout === 'beside' && imageUrl !== null;
  const hasBackground = design.background_color !== null;
  // The alert's sound, speech and voice message play in the overlay's audio sequence
  // (audio-sequence.ts), one after another, not here.

  const text = (
    <>
      <p className="alert-card-headline leading-tight font-extrabold [overflow-wrap:anywhere]">
        {presentation.headline.map((part: AlertTextPart, index) => (
          <span
            key={index}
            data-part={part.kind}
            style={part.kind === 'text' ? undefined : { color: partColour(design, part.kind) }}
          >
            {part.text}
          </span>
        ))}
      </p>
      {hasVoice && (
        <p className="alert-card-voice font-semibold text-sky-200">
          <span aria-hidden="true" className="font-emoji">
            🎤{' '}
          </span>
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
              ? 'alert-card-message-long'
              : 'alert-card-message',
          )}
        >
          <span data-overlay-message>{typed}</span>
          {/* The untyped rest holds the card's final size, so it does not grow line by line. */}
          <span aria-hidden="true" className="invisible">
            {rest}
          </span>
        </p>
      )}
    </>
  );

  return (
    <>
      {emote && !isPreview && <HyperemoteRain emoji={emote} seed={alert.alert_id} />}
      <div className="alert-stage" data-position={design.position}>
        <div className="alert-placement" style={placementStyle(design)}>
          <article
            role={isPreview ? undefined : 'status'}
            data-alert-id={alert.alert_id}
            data-phase={phase}
            data-layout={design.layout}
            data-animation-in={design.animation_in}
            data-animation-out={design.animation_out}
            style={cardStyle(design)}
            className={cn(
              'alert-card relative flex items-center',
              isBeside ? 'flex-row text-left' : 'flex-col text-center',
              hasBackground ? 'shadow-2xl ring-1 ring-white/15' : 'alert-card-bare',
            )}
          >
            {donation.media_url && (
              <AlertMedia
                url={donation.media_url}
                kind={donation.media_kind ?? 'image'}
                hasAudio={donation.media_has_audio === true && !isPreview}
              />
            )}
            {imageUrl && !donation.media_url && (
              <img
                src={imageUrl}
                alt=""
                decoding="async"
                data-overlay-image
                // An image that cannot load leaves the text alone on the card, not a broken icon.
                onError={(event) => {
                  event.currentTarget.hidden = true;
                }}
                className={cn(
                  design.layout === 'behind'
                    ? 'alert-card-image-behind'
                    : isBeside
                      ? 'alert-card-image-beside'
                      : 'alert-card-image',
                )}
              />
            )}
            <div
              className={cn(
                'alert-card-body relative flex flex-col',
                isBeside ? 'items-start' : 'items-center',
              )}
            >
              {badge && (
                <span className="alert-card-badge rounded-full bg-white/15 font-semibold tracking-wide uppercase">
                  {badge}
                </span>
              )}
              {emote && (
                <span aria-hidden="true" className="alert-card-emote leading-none">
                  {emote}
                </span>
              )}
              {text}
            </div>
          </article>
        </div>
      </div>
    </>
  );
}

/**
 * A media tip's re-encoded GIF (animated WebP) or video on the card (issue 26), fitted to the
 * alert area like the alert's image. The video is muted unless the streamer allows sound; a
 * browser that refuses to autoplay sound plays it muted rather than not at all.
 */
function AlertMedia({
  url,
  kind,
  hasAudio,
}: {
  url: string;
  kind: 'image' | 'video';
  hasAudio: boolean;
}) {
  if (kind === 'image') {
    return (
      <img
        src={url}
        alt=""
        decoding="async"
        data-overlay-media="image"
        className="alert-card-image"
      />
    );
  }
  return (
    <video
      src={url}
      data-overlay-media="video"
      className="alert-card-image"
      autoPlay
      playsInline
      muted={!hasAudio}
      onCanPlay={(event) => {
        const video = event.currentTarget;
        if (!video.paused) return;
        void video.play().catch(() => {
          video.muted = true;
          void video.play().catch(() => {});
        });
      }}
    />
  );
}
