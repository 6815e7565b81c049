import { AUDIO_PLAYER_DEFAULTS } from '@shabaash/core';
import { useCallback, useEffect, useRef, useState } from 'react';

export type AudioElementState = {
  isPlaying: boolean;
  currentTime: number;
  /** What the element reports; Infinity for WebM without a duration until it has read it all. */
  elementDuration: number;
  hasError: boolean;
};

const INITIAL_STATE: AudioElementState = {
  isPlaying: false,
  currentTime: 0,
  elementDuration: Number.NaN,
  hasError: false,
};

/**
 * One <audio> element and its state, driven by the element's own events (so the page shows
 * what the browser is really doing), plus volume (default 0.8) and mute.
 */
export function useAudioElement({ onEnded }: { onEnded: () => void }) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<AudioElementState>(INITIAL_STATE);
  const [volume, setVolume] = useState<number>(AUDIO_PLAYER_DEFAULTS.volume);
  const [isMuted, setIsMuted] = useState(false);
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const update = (patch: Partial<AudioElementState>) =>
      setState((previous) => ({ ...previous, ...patch }));
    const handlers: Record<string, () => void> = {
      play: () => update({ isPlaying: true, hasError: false }),
      pause: () => update({ isPlaying: false }),
      ended: () => {
        update({ isPlaying: false });
        onEndedRef.current();
      },
      timeupdate: () => update({ currentTime: audio.currentTime }),
      seeked: () => update({ currentTime: audio.currentTime }),
      durationchange: () => update({ elementDuration: audio.duration }),
      loadstart: () => update({ currentTime: 0, elementDuration: Number.NaN, hasError: false }),
      error: () => update({ isPlaying: false, hasError: true }),
    };
    for (const [name, handler] of Object.entries(handlers)) audio.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) {
        audio.removeEventListener(name, handler);
      }
    };
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = isMuted;
  }, [volume, isMuted]);

  /** Starts playback; a browser that refuses (no user gesture yet) just stays paused. */
  const play = useCallback(() => {
    audioRef.current?.play().catch(() => {});
  }, []);
  const pause = useCallback(() => audioRef.current?.pause(), []);
  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (audio) audio.currentTime = seconds;
  }, []);
  const restart = useCallback(() => {
    seek(0);
    play();
  }, [seek, play]);

  return {
    audioRef,
    ...state,
    volume,
    isMuted,
    setVolume,
    toggleMute: () => setIsMuted((muted) => !muted),
    play,
    pause,
    seek,
    restart,
  };
}
