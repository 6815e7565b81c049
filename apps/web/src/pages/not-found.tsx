import type { MetaFunction } from 'react-router';

import { NOT_FOUND_PAGE_TITLE } from '../features/errors/errors.constants';
import { NotFoundPage } from '../features/errors/not-found-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: NOT_FOUND_PAGE_TITLE, noIndex: true });

export default NotFoundPage;
