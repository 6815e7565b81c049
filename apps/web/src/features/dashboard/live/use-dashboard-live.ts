import { formatRupees } from '@shabaash/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/lazy-toast';

import { useSession } from '../../auth/use-session';
import { dashboardEventsPath, type DashboardDonation } from '../dashboard.api';
import { LIVE_TEXT, newTipText } from '../dashboard.constants';
import { dashboardKeys } from '../dashboard-query-keys';
import { useDashboardDonations } from '../use-dashboard-queries';
import { ActivityTracker } from './activity-tracker';
import { DashboardStream, type LiveStatus } from './dashboard-stream';
import type { SseMessage } from './sse-parser';
import type { StreamControlState } from '../activity.api';

export type DashboardLive = {
  status: LiveStatus;
  /** Overlays listening right now across all servers; null until the stream says. */
  overlays: number | null;
  reconnect: () => void;
};

function parseData(message: SseMessage): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(message.data);
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function newActivityText(donation: DashboardDonation): string {
  return newTipText(
    donation.name,
    formatRupees(donation.amount_paise),
    donation.moderation_status === 'pending',
  );
}

/**
 * The dashboard's live connection (spec 02 §2, §4): the Live/Connecting badge, the overlay
 * count, and the lists and stats kept current. A `donation` event reloads stats and both lists
 * and toasts 'New Activity' for a donation the dashboard had not listed yet; after a reconnect
 * everything reloads, since events may have been missed meanwhile.
 */
export function useDashboardLive(slug: string): DashboardLive {
  const { token, user, clearSession } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<Omit<DashboardLive, 'reconnect'>>({
    status: 'connecting',
    overlays: null,
  });
  const [tracker] = useState(() => new ActivityTracker());
  const streamRef = useRef<DashboardStream | null>(null);
  const userId = user?.id;

  // Both lists stay loaded while the dashboard is open, whichever tab shows.
  const pending = useDashboardDonations(slug, 'pending');
  const approved = useDashboardDonations(slug, 'approved');
  useEffect(() => {
    if (pending.data && approved.data) {
      tracker.seed([...pending.data, ...approved.data].map((donation) => donation.id));
    }
  }, [tracker, pending.data, approved.data]);

  useEffect(() => {
    if (!token) return;
    const keys = dashboardKeys(userId, slug);
    const listed = () => [
      ...(queryClient.getQueryData<DashboardDonation[]>(keys.donations('pending')) ?? []),
      ...(queryClient.getQueryData<DashboardDonation[]>(keys.donations('approved')) ?? []),
    ];

    const onDonation = async (donationId: string) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.stats }),
        queryClient.refetchQueries({ queryKey: keys.donations('pending') }),
        queryClient.refetchQueries({ queryKey: keys.donations('approved') }),
      ]);
      const donations = listed();
      if (!tracker.isNew(donationId, new Set(donations.map((donation) => donation.id)))) return;
      const donation = donations.find((candidate) => candidate.id === donationId);
      if (donation) toast.info(LIVE_TEXT.newActivity, { description: newActivityText(donation) });
    };

    const onReconnected = async () => {
      await queryClient.invalidateQueries({ queryKey: keys.root });
      tracker.remember(listed().map((donation) => donation.id));
    };

    let hasBeenLive = false;
    const stream = new DashboardStream({
      url: dashboardEventsPath(slug),
      token,
      // Offline, the last count may be stale: say nothing rather than something wrong.
      onStatus: (status) =>
        setState((current) => ({
          status,
          overlays: status === 'offline' ? null : current.overlays,
        })),
      onMessage: (message) => {
        const data = parseData(message);
        if (message.event === 'ready') {
          if (hasBeenLive) void onReconnected();
          hasBeenLive = true;
        } else if (message.event === 'donation' && typeof data.donation_id === 'string') {
          void onDonation(data.donation_id);
          void queryClient.invalidateQueries({ queryKey: keys.activity });
        } else if (message.event === 'activity') {
          // A tip started (not paid yet) or a test alert: the activity feed lists it.
          void queryClient.invalidateQueries({ queryKey: keys.activity });
        } else if (message.event === 'playback') {
          queryClient.setQueryData(keys.streamControl, data as StreamControlState);
        } else if (message.event === 'overlays' && typeof data.active_connections === 'number') {
          const overlays = data.active_connections;
          setState((current) => ({ ...current, overlays }));
        }
      },
      onRefused: (error) => {
        // An expired session signs out; the page then asks to sign in again.
        if (error.status === 401) clearSession();
      },
    });
    streamRef.current = stream;
    stream.start();
    return () => {
      stream.stop();
      streamRef.current = null;
    };
  }, [slug, token, userId, queryClient, tracker, clearSession]);

  const reconnect = useCallback(() => streamRef.current?.reconnect(), []);
  return { ...state, reconnect };
}
