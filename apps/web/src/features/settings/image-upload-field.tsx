import { SETTINGS_LIMITS, SETTINGS_MESSAGES, type ImageSlot } from '@shabaash/core';
import { useId, useRef, useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api-error';
import { cn } from '../../lib/cn';
import { SETTINGS_TEXT } from './settings.constants';
import { useImageMutations } from './settings.queries';

const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The avatar or cover: its current picture, and Upload/Replace and Remove. The server checks
 * the bytes and resizes; the size is checked here too, so a 5 MB photo fails before it uploads.
 */
export function ImageUploadField({
  slug,
  slot,
  url,
}: {
  slug: string;
  slot: ImageSlot;
  url: string | null;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const mutations = useImageMutations(slug);
  const [problem, setProblem] = useState<string | null>(null);
  const isBusy = mutations.upload.isPending || mutations.remove.isPending;
  const isAvatar = slot === 'avatar';

  const handleFile = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (file.size > SETTINGS_LIMITS.imageMaxBytes) {
      setProblem(SETTINGS_MESSAGES.imageTooLarge);
      return;
    }
    setProblem(null);
    mutations.upload.mutate(
      { slot, file },
      {
        onSuccess: () => toast.success(SETTINGS_TEXT.imageUpdated),
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  const handleRemove = () => {
    setProblem(null);
    mutations.remove.mutate(slot, {
      onSuccess: () => toast.success(SETTINGS_TEXT.imageRemoved),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {isAvatar ? SETTINGS_TEXT.avatarLabel : SETTINGS_TEXT.coverLabel}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={cn(
            'grid shrink-0 place-items-center overflow-hidden bg-slate-100 text-xs text-slate-500 ring-1 ring-slate-200',
            isAvatar ? 'size-16 rounded-2xl' : 'h-16 w-40 rounded-xl',
          )}
        >
          {url ? (
            <img src={url} alt="" data-settings-image={slot} className="size-full object-cover" />
          ) : (
            SETTINGS_TEXT.noImage
          )}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGES}
          className="sr-only"
          onChange={(event) => handleFile(event.target.files?.[0])}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={isBusy}
          onClick={() => inputRef.current?.click()}
        >
          {mutations.upload.isPending
            ? SETTINGS_TEXT.uploading
            : url
              ? SETTINGS_TEXT.replace
              : SETTINGS_TEXT.upload}
        </Button>
        {url && (
          <Button variant="ghost" size="sm" disabled={isBusy} onClick={handleRemove}>
            {SETTINGS_TEXT.remove}
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-500">
        {isAvatar ? SETTINGS_TEXT.avatarHint : SETTINGS_TEXT.coverHint}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
