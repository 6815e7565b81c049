import { Copy } from 'lucide-react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { ADMIN_TEXT } from './admin-console.constants';

/** A one-time sign-up link the admin passes on (it is shown once: only its hash is stored). */
export function InviteLink({ url }: { url: string }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>{ADMIN_TEXT.inviteCreated}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-invite-url
          className="min-w-0 flex-1 rounded bg-white px-2 py-1 text-xs break-all"
        >
          {url}
        </code>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => toast.success(ADMIN_TEXT.copied),
              () => {},
            )
          }
        >
          <Copy aria-hidden="true" className="size-4" />
          {ADMIN_TEXT.copyLink}
        </Button>
      </div>
    </div>
  );
}
