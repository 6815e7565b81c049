import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { AudioPlayerPage } from '../features/audio-player/audio-player-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Audio player · ${params.slug ?? ''}`, noIndex: true });

export default function AudioPlayerRoute() {
  const { slug = '' } = useParams();
  return <AudioPlayerPage slug={slug} />;
}
