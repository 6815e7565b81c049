import type { MetaFunction } from 'react-router';
import { useParams, useSearchParams } from 'react-router';

import { ObsOverlayPage } from '../features/obs-overlay/obs-overlay-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `OBS alerts · ${params.slug ?? ''}`, noIndex: true });

export default function ObsAlertsRoute() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  return <ObsOverlayPage slug={slug} tokenParam={searchParams.get('token')} />;
}
