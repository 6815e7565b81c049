import { useEffect } from 'react';

import { AlertCard } from './components/alert-card';
import { ConnectionIndicator } from './components/connection-indicator';
import { InvalidTokenNotice, ValidatingNotice } from './components/overlay-notice';
import { OVERLAY_TEXT } from './overlay.constants';
import { useOverlay } from './use-overlay';

/**
 * `/:slug/obs-alerts?token=obs_…`, the browser source streamers add to OBS (spec 02 §2). The
 * page paints no background: between alerts the stream shows through untouched. It stays
 * light on purpose (no query client, toasts or icon sets of its own). `tokenParam` is the URL's
 * `token` query parameter.
 */
export function ObsOverlayPage({ slug, tokenParam }: { slug: string; tokenParam: string | null }) {
  const token = tokenParam?.trim() ?? '';
  if (!token) return <InvalidTokenNotice message={OVERLAY_TEXT.missingToken} />;
  // A new slug or token starts a fresh overlay rather than patching the old one.
  return <OverlayStage key={`${slug}\n${token}`} slug={slug} token={token} />;
}

function OverlayStage({ slug, token }: { slug: string; token: string }) {
  const overlay = useOverlay(slug, token);

  // The alert line's language is the streamer's (issue 21); `<html lang>` follows it.
  useEffect(() => {
    if (overlay.language) document.documentElement.lang = overlay.language;
  }, [overlay.language]);

  if (overlay.status === 'invalid') {
    return <InvalidTokenNotice message={overlay.invalidMessage ?? OVERLAY_TEXT.invalidToken} />;
  }
  return (
    <main className="alert-frame pointer-events-none fixed inset-0 overflow-hidden">
      {overlay.streamerName === null && <ValidatingNotice />}
      {overlay.nowPlaying && (
        // A replay right after its alert is a new card: its sound and typing start over.
        <AlertCard
          key={overlay.nowPlaying.replayId ?? overlay.nowPlaying.alert.alert_id}
          nowPlaying={overlay.nowPlaying}
        />
      )}
      <ConnectionIndicator status={overlay.status} />
    </main>
  );
}
