import { useQuery, useQueryClient } from '@tanstack/react-query';
import { VOICE_MESSAGE_EVENT, type VoiceMessageEventData } from '@shabaash/core';
import { useEffect, useRef, useState } from 'react';

import { fetchVoiceMessages, voiceMessageEventsUrl } from './audio-player.api';

export const audioPlayerQueryKeys = {
  voiceMessages: (slug: string) => ['streamers', slug, 'voice-messages'] as const,
};

/** The streamer's playable voice messages, oldest first. */
export function useVoiceMessages(slug: string) {
  return useQuery({
    queryKey: audioPlayerQueryKeys.voiceMessages(slug),
    queryFn: ({ signal }) => fetchVoiceMessages(slug, signal),
    staleTime: 0,
  });
}

export type LiveStatus = 'connecting' | 'live';

/**
 * Follows the audio player's live stream: on every (re)connect the list is reloaded, so a
 * dropped connection misses nothing; on each new message the list is reloaded and then
 * `onArrival` hears the donation id, and whether an open overlay plays it on stream.
 * EventSource reconnects by itself.
 */
export function useVoiceMessageEvents(
  slug: string,
  onArrival: (donationId: string, isOnOverlay: boolean) => void,
): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const onArrivalRef = useRef(onArrival);
  useEffect(() => {
    onArrivalRef.current = onArrival;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(voiceMessageEventsUrl(slug));
    const reload = () =>
      queryClient.invalidateQueries({ queryKey: audioPlayerQueryKeys.voiceMessages(slug) });
    const handleReady = () => {
      setStatus('live');
      void reload();
    };
    const handleVoiceMessage = (event: MessageEvent<string>) => {
      const arrival = parseArrival(event.data);
      if (!arrival) return;
      void reload().then(() => onArrivalRef.current(arrival.donationId, arrival.isOnOverlay));
    };
    const handleError = () => setStatus('connecting');
    source.addEventListener('ready', handleReady);
    source.addEventListener(VOICE_MESSAGE_EVENT, handleVoiceMessage);
    source.addEventListener('error', handleError);
    return () => source.close();
  }, [slug, queryClient]);

  return status;
}

function parseArrival(data: string): { donationId: string; isOnOverlay: boolean } | null {
  try {
    const parsed = JSON.parse(data) as Partial<VoiceMessageEventData> | null;
    if (typeof parsed?.donation_id !== 'string') return null;
    return { donationId: parsed.donation_id, isOnOverlay: parsed.on_overlay === true };
  } catch {
    return null;
  }
}
