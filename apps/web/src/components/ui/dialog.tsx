import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

import { cn } from '../../lib/cn';
import { dismissToasts } from '../../lib/lazy-toast';
import { UI_TEXT } from './ui.constants';

/**
 * A modal dialog on the native `<dialog>` element: the browser traps focus, closes on Escape
 * and marks the rest of the page inert, with no JavaScript library on the fan's phone.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  hideCloseButton = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  hideCloseButton?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // A toast about what came before would sit over the dialog's backdrop (issue 32).
      dismissToasts();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape and the close button both end here, so the parent's state stays the truth.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-xl',
        'backdrop:bg-slate-950/60',
        className,
      )}
    >
      {open && (
        <div className="relative flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex flex-col gap-1 pr-8">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          {!hideCloseButton && (
            <button
              type="button"
              onClick={onClose}
              aria-label={UI_TEXT.close}
              className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden className="size-5" />
            </button>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
