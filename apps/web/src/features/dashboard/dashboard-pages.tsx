import { CenteredPage } from '../../components/centered-page';
import { ComingSoon } from '../../components/coming-soon';

// TODO(dashboard issue): spec 02 §2 — the dashboard chooser (login required, admin/streamer
// titles, 'No Access Assigned', single-streamer redirect) and the streamer dashboard (stat
// cards, Approved Donations, Telegram Dashboard and OBS Setup tabs, live badge over SSE).

export function DashboardChooserPage() {
  return (
    <CenteredPage>
      <ComingSoon
        title="Streamer dashboard"
        description="Pick one of your streamer pages to see revenue, moderate tips and set up OBS alerts."
      />
    </CenteredPage>
  );
}

export function StreamerDashboardPage({ slug }: { slug: string }) {
  return (
    <CenteredPage>
      <ComingSoon
        title={`Dashboard for ${slug}`}
        description="Revenue, approved donations, Telegram moderation and OBS setup for this streamer."
      />
    </CenteredPage>
  );
}
