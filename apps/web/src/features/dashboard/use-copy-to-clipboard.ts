import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { COPY_CONFIRMATION_MS, OBS_TEXT } from './obs-setup.constants';

/** For plain-http deployments, where the async Clipboard API is not available. */
function copyWithSelection(text: string): void {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused.');
  } finally {
    field.remove();
  }
}

async function writeToClipboard(text: string): Promise<void> {
  if (window.isSecureContext && 'clipboard' in navigator) {
    await navigator.clipboard.writeText(text);
    return;
  }
  copyWithSelection(text);
}

/**
 * Copy buttons: toasts 'Copied!' and reports which one was copied for 2000 ms (spec 02 §9), or
 * toasts 'Failed to copy token to clipboard.' (spec 02 §8).
 */
export function useCopyToClipboard() {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (key: string, text: string) => {
    try {
      await writeToClipboard(text);
    } catch {
      toast.error(OBS_TEXT.copyFailed);
      return;
    }
    toast.success(OBS_TEXT.copiedToast);
    setCopiedKey(key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopiedKey(null), COPY_CONFIRMATION_MS);
  }, []);

  return { copiedKey, copy };
}
