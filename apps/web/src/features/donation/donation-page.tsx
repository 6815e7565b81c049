import { CenteredPage } from '../../components/centered-page';
import { ComingSoon } from '../../components/coming-soon';

// TODO(donation issue): the donation page of spec 02 §2 — profile and theme from
// GET /api/streamers/:slug, name / type / amount / message form, voice recorder, hyperemote
// picker, mobile-number dialog and the checkout modal. This is the page a fan loads on a phone:
// keep its chunk free of dashboard and marketing code.
export function DonationPage({ slug }: { slug: string }) {
  return (
    <CenteredPage>
      <ComingSoon
        title={`Donation page for ${slug}`}
        description="Soon you can tip this streamer by UPI with a message, a voice note or a hyperemote."
      />
    </CenteredPage>
  );
}
