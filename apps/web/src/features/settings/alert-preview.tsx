import {
  ALERT_DESIGN_LIMITS,
  alertImageUrlOf,
  alertSoundUrlOf,
  type AlertVariation,
  type OverlayAlert,
} from '@shabaash/core';
import { Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';

import { Button } from '../../components/ui/button';
import { presentAlert } from '../obs-overlay/alert-presentation';
import type { NowPlaying } from '../obs-overlay/alert-player';
import { AlertCard } from '../obs-overlay/components/alert-card';
import { DESIGNER_TEXT } from './alert-designer.constants';
import { SETTINGS_TEXT } from './settings.constants';

/** The sample tip a preview shows: the variation's own starting amount, or ₹101. */
const SAMPLE_AMOUNT_PAISE = 10_100;

const { frameWidth, frameHeight } = ALERT_DESIGN_LIMITS;

/** 1% of the 1920×1080 frame, in the units the alert card sizes itself by. */
const FRAME_STYLE = {
  width: frameWidth,
  height: frameHeight,
  '--fw': `${String(frameWidth / 100)}px`,
  '--fh': `${String(frameHeight / 100)}px`,
  '--fmin': `${String(Math.min(frameWidth, frameHeight) / 100)}px`,
} as CSSProperties; // CSS custom properties are not in React's CSSProperties type.

/** The width an element is drawn at, followed as the page resizes. */
function useWidth<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A sample alert for the variation, played as the overlay would play it. */
function sampleNowPlaying(variation: AlertVariation, replayId: number): NowPlaying {
  const alert: OverlayAlert = {
    alert_id: 0,
    kind: 'donation',
    donation: {
      id: null,
      name: SETTINGS_TEXT.previewName,
      amount_paise: Math.max(variation.min_amount_paise, SAMPLE_AMOUNT_PAISE),
      type: variation.donation_type,
      // Hindi and English, so the streamer sees the font's Devanagari too.
      message: DESIGNER_TEXT.previewMessage,
      hyperemote_id: null,
      voice_url: null,
      voice_duration_ms: null,
      is_sandbox: false,
    },
    created_at: new Date(0).toISOString(),
  };
  const { sound: _sound, image_media_id: _image, ...rest } = variation;
  const overlayVariation = {
    ...rest,
    sound_url: alertSoundUrlOf(variation),
    image_url: alertImageUrlOf(variation),
  };
  const presentation = presentAlert(alert, [overlayVariation]);
  return { alert, presentation, phase: 'showing', replayId: String(replayId) };
}

/**
 * What the overlay will show for this variation, from the unsaved draft: the overlay's own
 * AlertCard on a 1920×1080 frame scaled to fit, at the chosen position. "Play" shows it again
 * with its animation and sound.
 */
export function AlertPreview({ variation }: { variation: AlertVariation }) {
  const [replayId, setReplayId] = useState(0);
  const { ref, width } = useWidth<HTMLDivElement>();
  const nowPlaying = useMemo(() => sampleNowPlaying(variation, replayId), [variation, replayId]);
  const soundUrl = alertSoundUrlOf(variation);
  const scale = width / frameWidth;
  const timing =
    variation.duration_ms === null
      ? SETTINGS_TEXT.standardTiming
      : `${String(variation.duration_ms / 1000)} s`;

  const handlePlay = () => {
    setReplayId((current) => current + 1);
    if (soundUrl) void new Audio(soundUrl).play().catch(() => {});
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        ref={ref}
        role="img"
        aria-label={DESIGNER_TEXT.previewFrame}
        data-alert-preview
        className="relative w-full overflow-hidden rounded-xl bg-[repeating-conic-gradient(#334155_0%_25%,#1e293b_0%_50%)] bg-[length:24px_24px] ring-1 ring-slate-300"
        style={{ aspectRatio: `${String(frameWidth)} / ${String(frameHeight)}` }}
      >
        {width > 0 && (
          <div
            data-alert-preview-frame
            className="alert-frame absolute top-0 left-0 origin-top-left"
            style={{ ...FRAME_STYLE, transform: `scale(${String(scale)})` }}
          >
            <AlertCard key={replayId} nowPlaying={nowPlaying} isPreview />
          </div>
        )}
      </div>
      {/* The card's words for screen readers, which skip the picture above. */}
      <p aria-live="polite" className="sr-only">
        {nowPlaying.presentation.headline.map((part) => part.text).join('')}
      </p>
      <div className="flex flex-wrap items-center gap-3 text-xs text-slate-500">
        <span>{timing}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={handlePlay}
          title={DESIGNER_TEXT.playVariation}
        >
          <Play aria-hidden="true" className="size-4" />
          {DESIGNER_TEXT.play}
        </Button>
      </div>
    </div>
  );
}
