import { Pause, Play, RotateCcw, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';

import { Button } from '../../components/ui/button';
import { AUDIO_PLAYER_TEXT } from './audio-player.constants';
import { formatSeconds } from './audio-queue';

export type PlayerControlsProps = {
  isPlaying: boolean;
  currentTime: number;
  /** Seconds; the server's figure when the browser cannot tell (Chrome's WebM). */
  duration: number;
  volume: number;
  isMuted: boolean;
  /** Previous/Next show only when there is more than one message. */
  showSkip: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onTogglePlay: () => void;
  onRestart: () => void;
  onSeek: (seconds: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  onPrevious: () => void;
  onNext: () => void;
};

/** Seek bar, play/pause, restart, previous/next, mute and volume: native controls only. */
export function PlayerControls(props: PlayerControlsProps) {
  const { isPlaying, currentTime, duration, volume, isMuted } = props;
  const position = Math.min(currentTime, duration || currentTime);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <input
          type="range"
          aria-label={AUDIO_PLAYER_TEXT.seek}
          aria-valuetext={`${formatSeconds(position)} of ${formatSeconds(Math.round(duration))}`}
          min={0}
          max={duration > 0 ? duration : 0}
          step={0.1}
          value={position}
          disabled={!(duration > 0)}
          onChange={(event) => props.onSeek(Number(event.currentTarget.value))}
          className="w-full accent-brand-700"
        />
        <div
          className="flex justify-between text-xs text-slate-600 tabular-nums"
          aria-hidden="true"
        >
          <span>{formatSeconds(position)}</span>
          <span>{formatSeconds(Math.round(duration))}</span>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-center gap-2">
        {props.showSkip && (
          <Button
            variant="outline"
            size="sm"
            onClick={props.onPrevious}
            disabled={!props.hasPrevious}
          >
            <SkipBack aria-hidden="true" className="size-4" />
            {/* Icon only on phones; the name is always there for screen readers. */}
            <span className="sr-only sm:not-sr-only">{AUDIO_PLAYER_TEXT.previous}</span>
          </Button>
        )}
        <Button size="md" onClick={props.onTogglePlay} className="min-w-28">
          {isPlaying ? (
            <Pause aria-hidden="true" className="size-5" />
          ) : (
            <Play aria-hidden="true" className="size-5" />
          )}
          {isPlaying ? AUDIO_PLAYER_TEXT.pause : AUDIO_PLAYER_TEXT.play}
        </Button>
        {props.showSkip && (
          <Button variant="outline" size="sm" onClick={props.onNext} disabled={!props.hasNext}>
            <span className="sr-only sm:not-sr-only">{AUDIO_PLAYER_TEXT.next}</span>
            <SkipForward aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>

      <div className="flex items-center gap-3">
        <Button variant="ghost" size="sm" onClick={props.onRestart}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {AUDIO_PLAYER_TEXT.restart}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={props.onToggleMute}
          aria-pressed={isMuted}
          aria-label={AUDIO_PLAYER_TEXT.mute}
          title={isMuted ? AUDIO_PLAYER_TEXT.unmute : AUDIO_PLAYER_TEXT.mute}
        >
          {isMuted ? (
            <VolumeX aria-hidden="true" className="size-5" />
          ) : (
            <Volume2 aria-hidden="true" className="size-5" />
          )}
        </Button>
        <input
          type="range"
          aria-label={AUDIO_PLAYER_TEXT.volume}
          aria-valuetext={`${Math.round(volume * 100)}%`}
          min={0}
          max={1}
          step={0.05}
          value={volume}
          onChange={(event) => props.onVolume(Number(event.currentTarget.value))}
          className="w-full max-w-48 min-w-0 accent-brand-700"
        />
      </div>
    </div>
  );
}
