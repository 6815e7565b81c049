import type { PublicMediaTips } from '@shabaash/core';
import { Film, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';

import { Button } from '../../components/ui/button';
import { apiFetch, ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { usePageRead } from '../../lib/page-reads';
import { MEDIA_TIP_TEXT as TEXT } from './media-tip.constants';
import type { MediaTipPickerProps } from './media-tip.types';
import { mediaTipValue, type Phase } from './media-tip-value';
import { uploadMediaTip } from './media-upload';

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/gif', 'image/webp'];
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/**
 * The "GIF / Video" tip's file picker (issue 26): choose a file, see it, watch it upload, and
 * read why the server refused it. Its own lazy chunk: the donation page loads it only when a
 * fan picks this tip type. The browser's checks (type, size) only spare a hopeless upload; the
 * server judges the bytes.
 */
export default function MediaTipPicker({
  slug,
  amountText,
  onChange,
  disabled = false,
}: MediaTipPickerProps) {
  const [preview, setPreview] = useState<{ url: string; isVideo: boolean } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const labelId = useId();
  const statusId = useId();

  // The page's limits, asked when the fan picks this tip type (the profile does not carry them).
  const limitsQuery = usePageRead(`streamers/${slug}/media-tips`, () =>
    apiFetch<PublicMediaTips>(`/api/streamers/${encodeURIComponent(slug)}/media-tips`),
  );
  const limits = limitsQuery.data ?? null;
  // The preview's object URL is freed when replaced and when the picker goes.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );
  useEffect(() => () => abortRef.current?.abort(), []);

  // What the form needs, reported whenever the file, its upload or the typed amount changes.
  useEffect(() => {
    onChange(mediaTipValue(phase, limits, amountText));
  }, [phase, limits, amountText, onChange]);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after a refusal
    if (!file || !limits) return;
    abortRef.current?.abort();
    const isVideo = VIDEO_TYPES.includes(file.type);
    setPreview({ url: URL.createObjectURL(file), isVideo });
    const refuse = (message: string) => setPhase({ kind: 'failed', message });
    if (isVideo && !limits.video_available) return refuse(TEXT.videoUnavailable);
    if (file.type && !IMAGE_TYPES.includes(file.type) && !isVideo) return refuse(TEXT.notSupported);
    if (file.size > limits.max_bytes) {
      return refuse(TEXT.tooLarge(Math.round(limits.max_bytes / MB)));
    }

    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ kind: 'uploading', fraction: 0 });
    uploadMediaTip(
      slug,
      file,
      (fraction) => setPhase({ kind: 'uploading', fraction }),
      controller.signal,
    )
      .then((uploaded) => setPhase({ kind: 'ready', uploadId: uploaded.upload_id }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The server's own words (too large, too long, not supported…) for its refusals.
        refuse(
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : GENERIC_ERROR_MESSAGE,
        );
      });
  };

  if (limitsQuery.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
      >
        <p>{TEXT.loadFailed}</p>
        <Button variant="outline" onClick={() => void limitsQuery.refetch()}>
          {TEXT.retry}
        </Button>
      </div>
    );
  }
  if (!limits) return <p className="text-sm text-slate-500">{TEXT.loading}</p>;

  const accept = [...IMAGE_TYPES, ...(limits.video_available ? VIDEO_TYPES : [])].join(',');
  const percent = phase.kind === 'uploading' ? Math.round(phase.fraction * 100) : 0;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={statusId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div>
        <p id={labelId} className="text-sm font-medium text-slate-800">
          {TEXT.label}
        </p>
        <p className="text-xs text-slate-500">
          {TEXT.hint(
            Math.round(limits.max_bytes / MB),
            Math.round(limits.max_duration_ms / 1000),
            limits.video_available,
          )}{' '}
          {TEXT.minimum(limits.min_amount_paise)}
        </p>
      </div>

      {preview && (
        <div className="flex justify-center overflow-hidden rounded-lg bg-slate-900">
          {preview.isVideo ? (
            <video
              src={preview.url}
              aria-label={TEXT.previewLabel}
              className="max-h-48 w-auto"
              muted
              autoPlay
              loop
              playsInline
            />
          ) : (
            <img src={preview.url} alt={TEXT.previewLabel} className="max-h-48 w-auto" />
          )}
        </div>
      )}

      <input
        ref={inputRef}
        type="file"
        accept={accept}
        onChange={handleFile}
        disabled={disabled || phase.kind === 'uploading'}
        className="sr-only"
        data-testid="media-tip-file"
        tabIndex={-1}
      />
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={disabled || phase.kind === 'uploading'}
        onClick={() => inputRef.current?.click()}
      >
        <Film aria-hidden="true" className="size-5" />
        {preview ? TEXT.chooseAnother : TEXT.choose}
      </Button>

      <div id={statusId} aria-live="polite" className="text-sm">
        {phase.kind === 'uploading' && (
          <div className="flex flex-col gap-1.5">
            <p className="flex items-center gap-2 text-slate-600">
              <LoaderCircle
                aria-hidden="true"
                className="size-4 animate-spin motion-reduce:animate-none"
              />
              {phase.fraction < 1 ? TEXT.uploading(percent) : TEXT.processing}
            </p>
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={TEXT.uploading(percent)}
              className="h-1.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-blue-600 transition-[width]"
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        )}
        {phase.kind === 'ready' && (
          <p className="flex items-center gap-2 text-green-700">
            <span aria-hidden="true">✓</span>
            {TEXT.ready}
          </p>
        )}
        {phase.kind === 'failed' && (
          <p role="alert" className="flex items-center gap-2 text-red-700">
            <span aria-hidden="true">⚠</span>
            {phase.message}
          </p>
        )}
      </div>
    </div>
  );
}
