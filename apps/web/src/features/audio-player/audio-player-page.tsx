import { CenteredPage } from '../../components/centered-page';
import { ComingSoon } from '../../components/coming-soon';

// TODO(audio player issue): the audio player of spec 02 §2 — queue of approved voice messages,
// player controls, 'Auto-play new messages' switch and live updates over SSE.
export function AudioPlayerPage({ slug }: { slug: string }) {
  return (
    <CenteredPage>
      <ComingSoon
        title={`Audio player for ${slug}`}
        description="Play your fans' approved voice messages, one after another."
      />
    </CenteredPage>
  );
}
