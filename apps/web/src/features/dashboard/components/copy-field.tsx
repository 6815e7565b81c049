import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

import { Button } from '../../../components/ui/button';
import { OBS_TEXT } from '../obs-setup.constants';

/**
 * A value to paste elsewhere (token, overlay URL) with its Copy button. A secret one shows
 * `hiddenValue` until the streamer presses Show, since a dashboard is often on a shared or
 * streamed screen; Copy always copies the real value.
 */
export function CopyField({
  label,
  value,
  hiddenValue,
  hint,
  copyLabel,
  isCopied,
  onCopy,
}: {
  label: string;
  value: string;
  /** Shown instead of `value` until revealed (a value carrying a token). */
  hiddenValue?: string;
  hint?: ReactNode;
  /** The button's accessible name, e.g. 'Copy token'. */
  copyLabel: string;
  isCopied: boolean;
  onCopy: () => void;
}) {
  const labelId = useId();
  const hintId = useId();
  const [isShown, setIsShown] = useState(false);
  const isHidden = hiddenValue !== undefined && !isShown;
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1.5">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          aria-describedby={hint ? hintId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
        >
          {isHidden ? hiddenValue : value}
        </code>
        {hiddenValue !== undefined ? (
          <Button
            variant="outline"
            size="sm"
            className="h-auto min-h-9 sm:w-24"
            aria-pressed={isShown}
            aria-label={`${isShown ? OBS_TEXT.hide : OBS_TEXT.show} ${label.toLowerCase()}`}
            onClick={() => setIsShown((shown) => !shown)}
          >
            {isShown ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {isShown ? OBS_TEXT.hide : OBS_TEXT.show}
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className="h-auto min-h-9 sm:w-28"
          aria-label={isCopied ? OBS_TEXT.copied : copyLabel}
          onClick={onCopy}
        >
          {isCopied ? (
            <Check aria-hidden="true" className="size-4 text-emerald-600" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {isCopied ? OBS_TEXT.copied : OBS_TEXT.copy}
        </Button>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
