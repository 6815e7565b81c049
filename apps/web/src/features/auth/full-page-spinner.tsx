import { Spinner } from '../../components/ui/spinner';

/**
 * A centred spinner for the moments before a screen can decide what to show (session check,
 * first load). It fades in late, like the app's hydrate fallback, so quick answers never flash.
 */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} className="animate-[fade-in_200ms_ease-out_400ms_both]" />
    </div>
  );
}
