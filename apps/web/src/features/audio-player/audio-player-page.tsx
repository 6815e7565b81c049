import { useQueryClient } from '@tanstack/react-query';
import {
  AUDIO_PLAYER_DEFAULTS,
  formatRupees,
  type VoiceMessage,
  type VoiceMessagesResponse,
} from '@shabaash/core';
import { Mic, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { SITE_NAME } from '../../lib/meta';
import { NotFoundPage } from '../errors/not-found-page';
import { AUDIO_PLAYER_TEXT } from './audio-player.constants';
import { clipSeconds, neighbourId, selectedIndex, shouldAutoPlayArrival } from './audio-queue';
import { AutoPlaySwitch } from './auto-play-switch';
import { PlayerControls } from './player-controls';
import { useAudioElement } from './use-audio-element';
import {
  audioPlayerQueryKeys,
  useVoiceMessageEvents,
  useVoiceMessages,
  type LiveStatus,
} from './use-voice-messages';
import { VoiceQueue } from './voice-queue';

/**
 * A streamer's audio player `/:slug/audio-player` (spec 02 §2): plays the paid, approved voice
 * messages one after another, and new ones as they arrive over the live stream.
 */
export function AudioPlayerPage({ slug }: { slug: string }) {
  const query = useVoiceMessages(slug);

  if (query.isPending) {
    return (
      <Frame>
        <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
          <span
            aria-hidden="true"
            className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700 motion-reduce:animate-none"
          />
          {AUDIO_PLAYER_TEXT.loading}
        </div>
      </Frame>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return (
      <Frame>
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-slate-700">{AUDIO_PLAYER_TEXT.loadFailed}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {AUDIO_PLAYER_TEXT.retry}
          </Button>
        </div>
      </Frame>
    );
  }
  return (
    <AudioPlayer
      slug={slug}
      data={query.data}
      isRefreshing={query.isFetching}
      onRefresh={() => void query.refetch()}
    />
  );
}

function AudioPlayer({
  slug,
  data,
  isRefreshing,
  onRefresh,
}: {
  slug: string;
  data: VoiceMessagesResponse;
  isRefreshing: boolean;
  onRefresh: () => void;
}) {
  const messages = data.voice_messages;
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [autoPlay, setAutoPlay] = useState(true);
  /** Set when a selection should start playing as soon as its file is in the element. */
  const playOnLoadRef = useRef(false);
  const advanceTimerRef = useRef<number | null>(null);

  const index = selectedIndex(messages, selectedId);
  const current: VoiceMessage | null = messages[index] ?? null;
  const previousId = neighbourId(messages, current?.id ?? null, -1);
  const nextId = neighbourId(messages, current?.id ?? null, 1);

  const {
    audioRef,
    isPlaying,
    currentTime,
    elementDuration,
    hasError,
    volume,
    isMuted,
    setVolume,
    toggleMute,
    play,
    pause,
    seek,
    restart,
  } = useAudioElement({ onEnded: () => handleEnded() });

  function cancelAdvance() {
    if (advanceTimerRef.current === null) return;
    window.clearTimeout(advanceTimerRef.current);
    advanceTimerRef.current = null;
  }

  function select(id: string, { play: shouldPlay }: { play: boolean }) {
    cancelAdvance();
    if (id === current?.id) {
      if (shouldPlay) restart();
      return;
    }
    playOnLoadRef.current = shouldPlay;
    setSelectedId(id);
  }

  // Timers and stream callbacks call the latest select(), not the one of an older render.
  const selectRef = useRef(select);
  useEffect(() => {
    selectRef.current = select;
  });

  /** Spec 02 §9: the next message starts 1 s after one ends. */
  function handleEnded() {
    if (!nextId || overlayClipsRef.current.has(nextId)) return;
    cancelAdvance();
    advanceTimerRef.current = window.setTimeout(() => {
      advanceTimerRef.current = null;
      selectRef.current(nextId, { play: true });
    }, AUDIO_PLAYER_DEFAULTS.autoAdvanceDelayMs);
  }

  // Clips an open overlay plays on stream: never started here by themselves (heard once).
  const overlayClipsRef = useRef(new Set<string>());
  const liveStatus = useVoiceMessageEvents(slug, (donationId, isOnOverlay) => {
    if (isOnOverlay) overlayClipsRef.current.add(donationId);
    const latest = queryClient.getQueryData<VoiceMessagesResponse>(
      audioPlayerQueryKeys.voiceMessages(slug),
    );
    const isKnown = latest?.voice_messages.some(({ id }) => id === donationId) ?? false;
    const isBusy = isPlaying || advanceTimerRef.current !== null;
    if (shouldAutoPlayArrival({ autoPlay, isPlaying: isBusy, isKnown, isOnOverlay })) {
      selectRef.current(donationId, { play: true });
    }
  });

  const currentUrl = current?.voice_url ?? null;
  useEffect(() => {
    if (currentUrl === null || !playOnLoadRef.current) return;
    playOnLoadRef.current = false;
    play();
  }, [currentUrl, play]);

  useEffect(() => cancelAdvanceOnUnmount(advanceTimerRef), []);

  useEffect(() => {
    document.title = `${AUDIO_PLAYER_TEXT.title(data.streamer.name)} · ${SITE_NAME}`;
  }, [data.streamer.name]);

  const duration = current ? clipSeconds(elementDuration, current.duration_ms) : 0;

  return (
    <Frame>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">
            {AUDIO_PLAYER_TEXT.title(data.streamer.name)}
          </h1>
          <p className="text-sm text-slate-600" aria-live="polite">
            {messages.length === 0
              ? AUDIO_PLAYER_TEXT.empty
              : AUDIO_PLAYER_TEXT.position(index + 1, messages.length)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <LiveBadge status={liveStatus} />
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={isRefreshing}>
            <RefreshCw
              aria-hidden="true"
              className={cn('size-4', isRefreshing && 'animate-spin motion-reduce:animate-none')}
            />
            {AUDIO_PLAYER_TEXT.refresh}
          </Button>
        </div>
      </header>

      {/* Always in the page, so its listeners are in place before the first message loads. */}
      <audio ref={audioRef} src={currentUrl ?? undefined} preload="metadata" />

      {current ? (
        <section aria-label={AUDIO_PLAYER_TEXT.nowPlaying} className="flex flex-col gap-5">
          <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-4">
            <Mic aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700" />
            <div className="min-w-0 flex-1" aria-live="polite">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="truncate text-lg font-semibold text-slate-900">
                  {current.name}
                </span>
                <span className="font-semibold text-brand-800">
                  {formatRupees(current.amount_paise)}
                </span>
              </p>
              {current.message && (
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                  {current.message}
                </p>
              )}
            </div>
          </div>
          {hasError && (
            <p role="alert" className="text-sm text-red-700">
              {AUDIO_PLAYER_TEXT.playbackFailed}
            </p>
          )}
          <PlayerControls
            isPlaying={isPlaying}
            currentTime={currentTime}
            duration={duration}
            volume={volume}
            isMuted={isMuted}
            showSkip={messages.length > 1}
            hasPrevious={previousId !== null}
            hasNext={nextId !== null}
            onTogglePlay={() => {
              cancelAdvance();
              if (isPlaying) pause();
              else play();
            }}
            onRestart={() => {
              cancelAdvance();
              restart();
            }}
            onSeek={seek}
            onVolume={setVolume}
            onToggleMute={toggleMute}
            onPrevious={() => previousId && select(previousId, { play: true })}
            onNext={() => nextId && select(nextId, { play: true })}
          />
        </section>
      ) : (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <Mic aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-sm text-slate-600">{AUDIO_PLAYER_TEXT.emptyHint}</p>
        </div>
      )}

      <AutoPlaySwitch checked={autoPlay} onChange={setAutoPlay} />
      <p className="text-xs text-slate-500">{AUDIO_PLAYER_TEXT.overlayOwnsClips}</p>

      {messages.length > 0 && (
        <VoiceQueue
          messages={messages}
          currentId={current?.id ?? null}
          onSelect={(id) => select(id, { play: true })}
        />
      )}
    </Frame>
  );
}

function cancelAdvanceOnUnmount(timer: { current: number | null }) {
  return () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  };
}

function LiveBadge({ status }: { status: LiveStatus }) {
  const isLive = status === 'live';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        isLive ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-600',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', isLive ? 'bg-green-600' : 'bg-slate-400')}
      />
      {isLive ? AUDIO_PLAYER_TEXT.live : AUDIO_PLAYER_TEXT.connecting}
    </span>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-6 sm:py-10">
      <main className="mx-auto w-full max-w-2xl">
        <Card className="flex flex-col gap-6 p-5 sm:p-6">{children}</Card>
      </main>
    </div>
  );
}
