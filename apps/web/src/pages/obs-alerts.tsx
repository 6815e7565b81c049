import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { ObsOverlayPage } from '../features/obs-overlay/obs-overlay-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `OBS alerts · ${params.slug ?? ''}`, noIndex: true });

export default function ObsAlertsRoute() {
  const { slug = '' } = useParams();
  return <ObsOverlayPage slug={slug} />;
}
