import { cn } from '../lib/cn';
import { SITE_NAME } from '../lib/meta';

/**
 * The "Shabaash" word mark, linking home. A plain link: home is prerendered HTML, and the
 * standalone page shells (src/shells/) show the mark without React Router.
 */
export function BrandLogo({
  className,
  href = '/',
}: {
  className?: string;
  /** Home in the page's language (a Hindi marketing page links `/hi`). */
  href?: string;
}) {
  return (
    <a
      href={href}
      className={cn(
        'inline-flex shrink-0 items-center gap-2 text-base font-extrabold tracking-tight sm:text-lg',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="grid size-7 place-items-center rounded-lg bg-brand-700 text-sm font-black text-white sm:size-8 sm:text-base"
      >
        S
      </span>
      {SITE_NAME}
    </a>
  );
}
