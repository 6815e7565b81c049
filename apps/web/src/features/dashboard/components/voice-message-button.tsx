import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/lazy-toast';

import { Button } from '../../../components/ui/button';
import { DONATIONS_TEXT } from '../dashboard.constants';

/** 'Play Voice Message' for a donation's clip; the audio loads only when asked for. */
export function VoiceMessageButton({ src }: { src: string }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isPlaying, setIsPlaying] = useState(false);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    audio.play().catch((error: unknown) => {
      // Pausing before playback starts rejects too; that is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error(DONATIONS_TEXT.voiceFailed);
    });
  };

  return (
    <div className="flex">
      <Button variant="secondary" size="sm" onClick={toggle} aria-pressed={isPlaying}>
        {isPlaying ? (
          <Pause aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4" />
        )}
        {isPlaying ? DONATIONS_TEXT.pauseVoice : DONATIONS_TEXT.playVoice}
      </Button>
      <audio
        ref={audioRef}
        src={src}
        preload="none"
        onPlay={() => setIsPlaying(true)}
        onPause={() => setIsPlaying(false)}
        onEnded={() => setIsPlaying(false)}
        onError={() => setIsPlaying(false)}
      />
    </div>
  );
}
