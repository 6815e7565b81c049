import { FlaskConical } from 'lucide-react';

import { CHECKOUT_TEXT } from './checkout.constants';

/** The notice every paying page shows while payments are simulated (DESIGN.md, Payments). */
export function SandboxRibbon() {
  return (
    <div
      role="note"
      className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-1.5 text-center text-xs font-semibold text-amber-950"
    >
      <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        {CHECKOUT_TEXT.sandboxRibbon}
        <span className="font-normal"> · {CHECKOUT_TEXT.sandboxRibbonDetail}</span>
      </span>
    </div>
  );
}
