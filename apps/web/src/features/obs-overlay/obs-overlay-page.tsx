import { ComingSoon } from '../../components/coming-soon';

// TODO(overlay issue): the OBS alert overlay of spec 02 §2 and §4 — token check
// (?token=obs_…), SSE stream with Last-Event-ID replay, alert timing, typing effect, hyperemote
// rain. The real page must stay transparent: it paints no background (see app.css).
export function ObsOverlayPage({ slug }: { slug: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <ComingSoon
        title={`OBS alerts for ${slug}`}
        description="Add this page as a browser source in OBS to show tips live on your stream."
      />
    </main>
  );
}
