import { LoaderCircle } from 'lucide-react';

import { DONATION_TEXT } from './donation.constants';

/** Holds the recorder's place while its chunk downloads. */
export function RecorderFallback() {
  return (
    <div
      role="status"
      className="flex h-32 items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-50 text-sm text-slate-600"
    >
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {DONATION_TEXT.recorderLoading}
    </div>
  );
}
