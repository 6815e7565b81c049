import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { DONATION_TEXT } from '../donation/donation.constants';
import { THEME_PAGE_CLASSES, accentStyle } from '../donation/donation-theme';
import { StreamerHero, type HeroStreamer } from '../donation/streamer-hero';
import { CREATE_PAGE_TEXT } from './onboarding.constants';

/**
 * The top of the donation page as fans will see it, drawn with the page's own hero and colours
 * from the values being chosen (or the new page's settings). It is a picture: nothing in it acts.
 */
export function PagePreview({
  streamer,
  brandColor,
}: {
  streamer: HeroStreamer;
  brandColor: string;
}) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-800">
        {CREATE_PAGE_TEXT.previewTitle}
      </figcaption>
      <div
        role="img"
        aria-label={`${CREATE_PAGE_TEXT.previewLabel}: ${streamer.name}`}
        data-page-preview
        className={cn(
          'pointer-events-none overflow-hidden rounded-2xl ring-1 ring-slate-200 select-none',
          THEME_PAGE_CLASSES[streamer.theme],
        )}
        style={accentStyle(brandColor)}
      >
        <div aria-hidden="true" inert>
          <StreamerHero streamer={streamer} />
          <div className="relative mx-auto -mt-14 w-full max-w-lg px-4 pb-6">
            <Card className="flex flex-col gap-3 p-5">
              <p className="text-lg font-semibold text-slate-900">{DONATION_TEXT.formTitle}</p>
              <div className="h-10 rounded-lg bg-slate-100" />
              <div className="h-10 rounded-lg bg-slate-100" />
              <div className="grid h-11 place-items-center rounded-lg bg-brand-700 font-semibold text-white">
                {CREATE_PAGE_TEXT.previewButton}
              </div>
            </Card>
          </div>
        </div>
      </div>
      <p className="text-xs text-slate-600">{CREATE_PAGE_TEXT.previewNote}</p>
    </figure>
  );
}
