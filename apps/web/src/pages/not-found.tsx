import type { MetaFunction } from 'react-router';

import { ERRORS_TEXT } from '../features/errors/errors.constants';
import { NotFoundPage } from '../features/errors/not-found-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({ title: ERRORS_TEXT.notFoundPageTitle, noIndex: true });

export default NotFoundPage;
