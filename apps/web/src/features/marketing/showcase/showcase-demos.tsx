import { Mic, Sparkles, Square } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '../../../components/ui/button';
import { EmojiRain, makeDrops } from './emoji-rain';
import { DEMO_DURATION_MS, SHOWCASE_TEXT, type ShowcaseCard } from './showcase.constants';

const DEMO_TEXT = SHOWCASE_TEXT.demos;

/** Runs a cosmetic demo for 3 seconds (spec 01 §9): a value that clears itself. */
function useTimedDemo<T>(initial: () => T | null = () => null): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(initial);
  useEffect(() => {
    if (value === null) return;
    const timer = window.setTimeout(() => setValue(null), DEMO_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return [value, setValue];
}

/**
 * An example alert as it appears in the overlay. With `autoPlay` it opens with an emoji shower;
 * the live-demo button remounts it (a new `key`) to play again.
 */
export function AlertPreview({ autoPlay }: { autoPlay: boolean }) {
  const [drops] = useTimedDemo(() => (autoPlay ? makeDrops() : null));

  return (
    <div className="relative mt-4 grid h-48 place-items-center overflow-hidden rounded-xl bg-[linear-gradient(135deg,#0f172a,#312e81)] p-4">
      {drops ? <EmojiRain drops={drops} /> : null}
      <div className="rounded-xl bg-white/95 px-5 py-3 text-center shadow-lg">
        <p className="text-sm font-semibold text-brand-700">{DEMO_TEXT.alertTitle}</p>
        <p className="mt-1 text-sm text-slate-700">{DEMO_TEXT.alertMessage}</p>
      </div>
      <span className="absolute top-2 left-2 rounded bg-black/40 px-1.5 py-0.5 text-[0.65rem] font-medium text-white">
        {DEMO_TEXT.alertBadge}
      </span>
    </div>
  );
}

function EmojiRainDemo() {
  const [drops, setDrops] = useTimedDemo<ReturnType<typeof makeDrops>>();
  return (
    <div className="relative mt-4 h-40 overflow-hidden rounded-xl bg-slate-900">
      {drops ? <EmojiRain drops={drops} /> : null}
      <div className="absolute inset-x-0 bottom-0 flex justify-center p-3">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDrops(makeDrops())}
          disabled={drops !== null}
        >
          <Sparkles aria-hidden="true" className="size-4" />
          {drops ? DEMO_TEXT.raining : DEMO_TEXT.makeItRain}
        </Button>
      </div>
    </div>
  );
}

function VoiceRecordingDemo() {
  const [recording, setRecording] = useTimedDemo<true>();
  const [hasRecorded, setHasRecorded] = useState(false);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <Button
        size="sm"
        variant={recording ? 'primary' : 'outline'}
        onClick={() => {
          setRecording(true);
          setHasRecorded(true);
        }}
        disabled={recording !== null}
      >
        {recording ? (
          <Square aria-hidden="true" className="size-4" />
        ) : (
          <Mic aria-hidden="true" className="size-4" />
        )}
        {recording ? DEMO_TEXT.recording : DEMO_TEXT.tryRecording}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {recording ? DEMO_TEXT.recordingNote : hasRecorded ? DEMO_TEXT.recordedNote : ''}
      </span>
    </div>
  );
}

/** OBS's own settings as its dialog names them (in English, as most streamers run OBS). */
function ObsSettingsDemo() {
  const settings = [
    [DEMO_TEXT.obsSource, DEMO_TEXT.obsBrowser],
    [DEMO_TEXT.obsUrl, 'https://…/yourname/obs-alerts?token=obs_…'],
    [DEMO_TEXT.obsSize, '1920 × 1080'],
    [DEMO_TEXT.obsShutdown, DEMO_TEXT.obsOff],
  ] as const;
  return (
    <dl className="mt-4 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm">
      {settings.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-mono text-xs break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Example weekly tips for the analytics demo, Monday first (labelled as an example on screen). */
const EXAMPLE_WEEK = [40, 55, 30, 70, 90, 100, 80] as const;

function AnalyticsDemo() {
  return (
    <figure className="mt-4">
      <div className="flex h-32 items-end gap-2 rounded-xl bg-slate-50 p-3" aria-hidden="true">
        {EXAMPLE_WEEK.map((height, index) => (
          <div key={index} className="flex flex-1 flex-col items-center gap-1">
            <div className="w-full rounded-t bg-brand-500" style={{ height: `${height}%` }} />
            <span className="text-[0.65rem] text-slate-500">{DEMO_TEXT.weekdays[index]}</span>
          </div>
        ))}
      </div>
      <figcaption className="mt-2 text-xs text-slate-500">{DEMO_TEXT.analyticsCaption}</figcaption>
    </figure>
  );
}

/** The interactive part of a showcase card, if it has one. */
export function CardDemo({
  demo,
  liveDemoRun,
}: {
  demo: ShowcaseCard['demo'];
  liveDemoRun: number;
}) {
  switch (demo) {
    case 'emoji-rain':
      return <EmojiRainDemo />;
    case 'voice-recording':
      return <VoiceRecordingDemo />;
    case 'alert':
      return <AlertPreview key={liveDemoRun} autoPlay={liveDemoRun > 0} />;
    case 'obs-settings':
      return <ObsSettingsDemo />;
    case 'analytics':
      return <AnalyticsDemo />;
    default:
      return null;
  }
}
