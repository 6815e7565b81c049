import { History, KeyRound, MonitorPlay, Send } from 'lucide-react';
import { useState } from 'react';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import type { ObsTokens } from '../dashboard.api';
import { overlaysConnectedText } from '../dashboard.constants';
import { OBS_TEXT } from '../obs-setup.constants';
import { audioPlayerUrl, HIDDEN_TOKEN, hideToken, overlayUrl } from '../obs-urls';
import { formatIndiaDateTime, formatRelativeTime } from '../relative-time';
import { useCopyToClipboard } from '../use-copy-to-clipboard';
import { useNow } from '../use-now';
import {
  useDeactivateObsToken,
  useGenerateObsToken,
  useObsTokens,
  useSendTestAlert,
} from '../use-obs-tokens';
import { ConfirmDialog } from './confirm-dialog';
import { CopyField } from './copy-field';
import { InlineError } from './inline-error';

type PendingConfirm = { kind: 'generate' } | { kind: 'deactivate'; tokenId: string } | null;

/** The page's own origin: the overlay must be served by the same Shabaash as the dashboard. */
function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

function TokenTimes({
  createdAt,
  lastUsedAt,
  nowMs,
}: {
  createdAt: string;
  lastUsedAt: string | null;
  nowMs: number;
}) {
  return (
    <p className="flex flex-wrap gap-x-3 text-xs text-slate-500">
      <span>
        {OBS_TEXT.created}{' '}
        <time dateTime={createdAt} title={formatIndiaDateTime(createdAt)}>
          {formatRelativeTime(createdAt, nowMs)}
        </time>
      </span>
      <span>
        {lastUsedAt ? (
          <>
            {OBS_TEXT.lastUsed}{' '}
            <time dateTime={lastUsedAt} title={formatIndiaDateTime(lastUsedAt)}>
              {formatRelativeTime(lastUsedAt, nowMs)}
            </time>
          </>
        ) : (
          OBS_TEXT.neverUsed
        )}
      </span>
    </p>
  );
}

/**
 * The OBS Setup tab (spec 02 §2, §4, §7, §8): the active token with Copy, Generate New Token and
 * Deactivate, up to 3 previous tokens masked, the overlay and audio player URLs ready to paste
 * with the OBS sizes, a test alert, and how many overlays are listening now.
 */
export function ObsSetupTab({ slug, overlays }: { slug: string; overlays: number | null }) {
  const tokens = useObsTokens(slug);
  const generate = useGenerateObsToken(slug);
  const deactivate = useDeactivateObsToken(slug);
  const testAlert = useSendTestAlert(slug);
  const { copiedKey, copy } = useCopyToClipboard();
  const [confirm, setConfirm] = useState<PendingConfirm>(null);
  const nowMs = useNow();
  const origin = currentOrigin();
  const active = tokens.data?.active ?? null;

  const startGenerate = () => {
    // Replacing a token breaks the link in OBS: ask first. The first token needs no question.
    if (active) setConfirm({ kind: 'generate' });
    else generate.mutate();
  };

  const confirmAction = () => {
    if (confirm?.kind === 'generate') generate.mutate();
    if (confirm?.kind === 'deactivate') deactivate.mutate(confirm.tokenId);
    setConfirm(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5 text-brand-700" />
            {OBS_TEXT.tokenTitle}
          </CardTitle>
          <CardDescription>{OBS_TEXT.tokenDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {tokens.isPending ? (
            <Spinner label={OBS_TEXT.loading} />
          ) : tokens.isError && !tokens.data ? (
            <InlineError
              message={OBS_TEXT.loadFailed}
              retryLabel={OBS_TEXT.retry}
              onRetry={() => void tokens.refetch()}
              isRetrying={tokens.isFetching}
            />
          ) : active ? (
            <div className="flex flex-col gap-2">
              <CopyField
                label={OBS_TEXT.tokenLabel}
                value={active.token}
                hiddenValue={HIDDEN_TOKEN}
                copyLabel={OBS_TEXT.copyToken}
                isCopied={copiedKey === 'token'}
                onCopy={() => void copy('token', active.token)}
              />
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="success">{OBS_TEXT.activeBadge}</Badge>
                <TokenTimes
                  createdAt={active.created_at}
                  lastUsedAt={active.last_used_at}
                  nowMs={nowMs}
                />
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{OBS_TEXT.noActiveToken}</p>
          )}
        </CardContent>
        {tokens.data ? (
          <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center">
            <Button onClick={startGenerate} disabled={generate.isPending}>
              <KeyRound aria-hidden="true" className="size-4" />
              {generate.isPending ? OBS_TEXT.generating : OBS_TEXT.generate}
            </Button>
            {active ? (
              <Button
                variant="outline"
                onClick={() => setConfirm({ kind: 'deactivate', tokenId: active.id })}
                disabled={deactivate.isPending || generate.isPending}
              >
                {deactivate.isPending ? OBS_TEXT.deactivating : OBS_TEXT.deactivate}
              </Button>
            ) : null}
          </CardFooter>
        ) : null}
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MonitorPlay aria-hidden="true" className="size-5 text-brand-700" />
            {OBS_TEXT.urlsTitle}
          </CardTitle>
          <CardDescription>{OBS_TEXT.urlsDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {active ? (
            <CopyField
              label={OBS_TEXT.overlayUrlLabel}
              value={overlayUrl(origin, slug, active.token)}
              hiddenValue={hideToken(overlayUrl(origin, slug, active.token), active.token)}
              hint={OBS_TEXT.overlayUrlHint}
              copyLabel={OBS_TEXT.copyOverlayUrl}
              isCopied={copiedKey === 'overlay'}
              onCopy={() => void copy('overlay', overlayUrl(origin, slug, active.token))}
            />
          ) : (
            <div className="flex flex-col gap-1.5">
              <p className="text-sm font-medium text-slate-800">{OBS_TEXT.overlayUrlLabel}</p>
              <p className="text-sm text-slate-600">{OBS_TEXT.overlayUrlNeedsToken}</p>
            </div>
          )}
          <CopyField
            label={OBS_TEXT.audioUrlLabel}
            value={audioPlayerUrl(origin, slug)}
            hint={OBS_TEXT.audioUrlHint}
            copyLabel={OBS_TEXT.copyAudioUrl}
            isCopied={copiedKey === 'audio'}
            onCopy={() => void copy('audio', audioPlayerUrl(origin, slug))}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Send aria-hidden="true" className="size-5 text-brand-700" />
            {OBS_TEXT.testTitle}
          </CardTitle>
          <CardDescription>{OBS_TEXT.testDescription}</CardDescription>
        </CardHeader>
        <CardFooter className="flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700" aria-live="polite">
            {overlays === null ? OBS_TEXT.liveUnknown : overlaysConnectedText(overlays)}
          </p>
          {/* Primary: a grey button read as disabled to new streamers (issue 32). */}
          <Button onClick={() => testAlert.mutate()} disabled={testAlert.isPending}>
            <Send aria-hidden="true" className="size-4" />
            {testAlert.isPending ? OBS_TEXT.sendingTest : OBS_TEXT.sendTest}
          </Button>
        </CardFooter>
      </Card>

      {tokens.data && tokens.data.previous.length > 0 ? (
        <PreviousTokens
          previous={tokens.data.previous}
          activeSince={tokens.data.active?.created_at ?? null}
          nowMs={nowMs}
        />
      ) : null}

      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'deactivate'
            ? OBS_TEXT.deactivateConfirmTitle
            : OBS_TEXT.generateConfirmTitle
        }
        description={
          confirm?.kind === 'deactivate'
            ? OBS_TEXT.deactivateConfirmText
            : OBS_TEXT.generateConfirmText
        }
        confirmLabel={confirm?.kind === 'deactivate' ? OBS_TEXT.deactivate : OBS_TEXT.generate}
        cancelLabel={OBS_TEXT.cancel}
        onConfirm={confirmAction}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}

/** Up to three inactive tokens, masked (spec 02 §4, §9). */
/** A replaced token an overlay tried after the current one was made: that overlay lost its token. */
function isStillTried(token: ObsTokens['previous'][number], activeSince: string | null): boolean {
  if (!token.last_used_at || !activeSince) return false;
  return Date.parse(token.last_used_at) >= Date.parse(activeSince);
}

function PreviousTokens({
  previous,
  activeSince,
  nowMs,
}: {
  previous: ObsTokens['previous'];
  activeSince: string | null;
  nowMs: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-slate-500" />
          {OBS_TEXT.previousTitle}
        </CardTitle>
        <CardDescription>{OBS_TEXT.previousDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={OBS_TEXT.previousTitle} className="flex flex-col divide-y divide-slate-100">
          {previous.slice(0, 3).map((token) => (
            <li key={token.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-sm break-all text-slate-700">
                  {token.masked_token}
                </code>
                <Badge variant="neutral">{OBS_TEXT.inactiveBadge}</Badge>
              </div>
              {isStillTried(token, activeSince) ? (
                <p role="status" className="text-sm font-medium text-amber-800">
                  {OBS_TEXT.stillTried}
                </p>
              ) : null}
              <TokenTimes
                createdAt={token.created_at}
                lastUsedAt={token.last_used_at}
                nowMs={nowMs}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
