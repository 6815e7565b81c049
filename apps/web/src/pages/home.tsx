import type { MetaFunction } from 'react-router';

import { HomePage } from '../features/marketing/home-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta();

export default HomePage;
