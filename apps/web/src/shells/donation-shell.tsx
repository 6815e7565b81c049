import { QueryClientProvider } from '@tanstack/react-query';

import { DonationPage } from '../features/donation/donation-page';
import { LazyToaster } from '../lib/lazy-toast';
import { createQueryClient } from '../lib/query-client';
import { renderShell, slugFromLocation } from './page-shell';

// `/:slug` opened directly: the donation page without the router (see page-shell.tsx), with
// what root.tsx gives it in the app: a query client and the toasts (sonner loads with the first).
const slug = slugFromLocation();
renderShell(
  <QueryClientProvider client={createQueryClient()}>
    <DonationPage key={slug} slug={slug} />
    <LazyToaster richColors position="top-center" />
  </QueryClientProvider>,
);
