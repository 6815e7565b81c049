import { CenteredPage } from '../../components/centered-page';
import { ComingSoon } from '../../components/coming-soon';

// TODO(alerts issue): the test alert page of spec 02 §2 — streamer slug field, Send Test Alert
// (POST /api/streamers/:slug/test-alert, login required) and the 'Test alert sent! Active
// connections: n' toast.
export function TestAlertsPage() {
  return (
    <CenteredPage>
      <ComingSoon
        title="Test alerts"
        description="Send a test alert to your OBS overlay to check your browser source."
      />
    </CenteredPage>
  );
}
