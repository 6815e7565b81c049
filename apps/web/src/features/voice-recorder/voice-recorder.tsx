import {
  CircleCheck,
  LoaderCircle,
  Mic,
  Pause,
  Play,
  RotateCcw,
  Square,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../components/ui/button';
import { formatClock } from './recorder-format';
import { useVoiceRecorder } from './use-voice-recorder';
import { MAX_RECORDING_MS, VOICE_RECORDER_TEXT as TEXT } from './voice-recorder.constants';
import type { VoiceRecorderProps } from './voice-recorder.types';
import { DONATION_TOASTS } from '../donation/donation.constants';

/**
 * The voice recorder of spec 02 §2 and §4 (idle → recording → recorded, with play, pause and
 * re-record). Its own lazy chunk: the donation page downloads it only when a fan needs it.
 */
export default function VoiceRecorder({
  onChange,
  active = true,
  label = TEXT.label,
  disabled = false,
}: VoiceRecorderProps) {
  const { phase, elapsedMs, recording, upload, start, stop, retryUpload } =
    useVoiceRecorder(onChange);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const labelId = useId();

  // Hiding the recorder (the fan picked another donation type) ends a running recording.
  useEffect(() => {
    if (!active) {
      stop();
      audioRef.current?.pause();
    }
  }, [active, stop]);

  const handlePlayToggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setIsPlaying(false));
    else audio.pause();
  };

  const handleReRecord = () => {
    audioRef.current?.pause();
    void start();
  };

  const progress = Math.min(elapsedMs / MAX_RECORDING_MS, 1);

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div>
        <p id={labelId} className="text-sm font-medium text-slate-800">
          {label}
        </p>
        <p className="text-xs text-slate-500">{TEXT.hint}</p>
      </div>

      {phase === 'idle' && (
        <Button
          variant="secondary"
          size="lg"
          onClick={() => void start()}
          disabled={disabled}
          className="w-full"
        >
          <Mic aria-hidden="true" className="size-5" />
          {TEXT.start}
        </Button>
      )}

      {phase === 'requesting' && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle
            aria-hidden="true"
            className="size-4 animate-spin motion-reduce:animate-none"
          />
          {TEXT.requesting}
        </p>
      )}

      {phase === 'recording' && (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="relative flex size-3">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex size-3 rounded-full bg-red-600" />
            </span>
            <p className="text-sm font-semibold text-red-700">{TEXT.recording}</p>
            <p role="timer" className="ml-auto font-mono text-sm text-slate-700 tabular-nums">
              {formatClock(elapsedMs)} / {formatClock(MAX_RECORDING_MS)}
            </p>
          </div>
          <div
            role="progressbar"
            aria-label={TEXT.recording}
            aria-valuemin={0}
            aria-valuemax={MAX_RECORDING_MS / 1000}
            aria-valuenow={Math.floor(elapsedMs / 1000)}
            className="h-1.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-red-500 transition-[width] duration-200"
              style={{ width: `${progress * 100}%` }}
            />
          </div>
          <Button variant="outline" size="lg" onClick={stop} className="w-full">
            <Square aria-hidden="true" className="size-4 fill-current" />
            {TEXT.stop}
          </Button>
        </div>
      )}

      {phase === 'recorded' && recording && (
        <div className="flex flex-col gap-3">
          <audio
            ref={audioRef}
            src={recording.url}
            preload="metadata"
            onPlay={() => setIsPlaying(true)}
            onPause={() => setIsPlaying(false)}
            onEnded={() => setIsPlaying(false)}
          />
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={handlePlayToggle}
              aria-label={isPlaying ? TEXT.pause : TEXT.play}
              className="size-11 shrink-0 rounded-full px-0"
            >
              {isPlaying ? (
                <Pause aria-hidden="true" className="size-5" />
              ) : (
                <Play aria-hidden="true" className="size-5" />
              )}
            </Button>
            <p className="font-mono text-sm text-slate-700 tabular-nums">
              {formatClock(recording.durationMs)}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={handleReRecord}
              disabled={disabled}
              className="ml-auto"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {TEXT.reRecord}
            </Button>
          </div>
          {recording.hitLimit && <p className="text-xs text-slate-500">{TEXT.autoStopped}</p>}
          <UploadStatus upload={upload} onRetry={retryUpload} />
        </div>
      )}
    </div>
  );
}

function UploadStatus({
  upload,
  onRetry,
}: {
  upload: ReturnType<typeof useVoiceRecorder>['upload'];
  onRetry: () => void;
}) {
  return (
    <div role="status" className="text-sm">
      {upload.status === 'uploading' && (
        <p className="flex items-center gap-2 text-slate-600">
          <LoaderCircle
            aria-hidden="true"
            className="size-4 animate-spin motion-reduce:animate-none"
          />
          {TEXT.uploading}
        </p>
      )}
      {upload.status === 'uploaded' && (
        <p className="flex items-center gap-2 font-medium text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-4" />
          {TEXT.uploaded}
        </p>
      )}
      {upload.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-2 text-red-700">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 flex-1">
            {upload.message ?? DONATION_TOASTS.voiceUploadInvalid.description}
          </span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            {TEXT.retryUpload}
          </Button>
        </div>
      )}
    </div>
  );
}
