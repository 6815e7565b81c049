import type { StreamStatus } from '../overlay-stream';
import { CONNECTION_TEXT } from '../overlay.constants';

/**
 * A small corner badge while the alert stream is not live, so the streamer can tell OBS is not
 * listening. It fades in after a second, so a quick (re)connect never flashes it on stream.
 */
export function ConnectionIndicator({ status }: { status: StreamStatus }) {
  const text = CONNECTION_TEXT[status];
  if (!text) return null;
  const isGivenUp = status === 'max-retries' || status === 'revoked';
  return (
    <div
      role="status"
      data-connection-status={status}
      className="fixed right-[1.5vmin] bottom-[1.5vmin] flex animate-[fade-in_200ms_ease-out_1s_both] items-center gap-2 rounded-full bg-slate-950/75 px-3 py-1.5 text-xs font-medium text-white"
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${isGivenUp ? 'bg-red-500' : 'animate-pulse bg-amber-400'}`}
      />
      {text}
    </div>
  );
}
