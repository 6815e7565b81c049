import type { MetaFunction } from 'react-router';

import { NotFoundPage } from '../features/errors/not-found-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Page not found', noIndex: true });

export default NotFoundPage;
