import type { MetaFunction } from 'react-router';

import { HomePage } from '../features/marketing/home-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () => publicPageMeta({ path: '/' });

export default HomePage;
