import { cn } from '../../../lib/cn';
import { brandColorOrFallback, readableTextOn } from '../brand-color';

/** The streamer's initial on their brand colour; decorative, the name is always beside it. */
export function StreamerAvatar({
  name,
  brandColor,
  className,
}: {
  name: string;
  brandColor: string;
  className?: string;
}) {
  const background = brandColorOrFallback(brandColor);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-12 shrink-0 place-items-center rounded-xl text-lg font-bold',
        className,
      )}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
