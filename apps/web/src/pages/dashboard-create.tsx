import type { MetaFunction } from 'react-router';

import { CreatePagePage } from '../features/onboarding/create-page-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Create your page', noIndex: true });

export default CreatePagePage;
