import { IndianRupee, Mic, MonitorPlay, Sparkles } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '../../components/ui/badge';
import { buttonStyles } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { MarketingLayout } from './components/marketing-layout';
import { HERO_HEADLINE, HERO_TAGLINE } from './marketing.constants';

interface Highlight {
  title: string;
  text: string;
  Icon: LucideIcon;
}

const HERO_HIGHLIGHTS: Highlight[] = [
  { title: 'Voice Messages', text: 'Fans record 15–60 s voice notes', Icon: Mic },
  { title: 'UPI Powered', text: 'Any UPI app, money in seconds', Icon: IndianRupee },
];

const FEATURES: Highlight[] = [
  {
    title: 'UPI, RuPay and Mastercard',
    text: 'Fans pay from the UPI app they already use. Visa is coming soon.',
    Icon: IndianRupee,
  },
  {
    title: 'Voice notes and hyperemotes',
    text: 'A tip can carry a text message, a recorded voice message or an emoji rain.',
    Icon: Sparkles,
  },
  {
    title: 'Live alerts in OBS',
    text: 'Add one browser source and every approved tip shows on stream as it happens.',
    Icon: MonitorPlay,
  },
];

/**
 * The home page shell: header, hero, the two anchor sections and the footer.
 */
// TODO(marketing-site issue): the full home page of spec 01 §2 — background video, sample chat
// card, seven feature cards, services cards, how-it-works, pricing plans, blog teaser, FAQ and
// the sign-up dialog.
export function HomePage() {
  return (
    <MarketingLayout>
      <section className="bg-linear-to-b from-brand-50 via-white to-white">
        <Container className="py-16 sm:py-24">
          <div className="max-w-2xl">
            <Badge variant="brand">Made for Indian streamers</Badge>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              {HERO_HEADLINE}
            </h1>
            <p className="mt-5 text-lg text-pretty text-slate-600 sm:text-xl">{HERO_TAGLINE}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/feature-showcase" className={buttonStyles({ size: 'lg' })}>
                See all features
              </Link>
              <Link to="/dashboard" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
                Streamer login
              </Link>
            </div>
          </div>
          <ul className="mt-12 grid gap-4 sm:max-w-2xl sm:grid-cols-2">
            {HERO_HIGHLIGHTS.map(({ title, text, Icon }) => (
              <li key={title}>
                <Card className="flex items-center gap-4 p-4">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{title}</span>
                    <span className="block text-sm text-slate-600">{text}</span>
                  </span>
                </Card>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section id="features" aria-labelledby="features-title" className="py-16 sm:py-20">
        <Container>
          <h2
            id="features-title"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Tips by UPI, straight from your fans
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ title, text, Icon }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <Icon aria-hidden="true" className="size-6 text-brand-700" />
                    <CardTitle className="mt-2">{title}</CardTitle>
                    <CardDescription>{text}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section
        id="services"
        aria-labelledby="services-title"
        className="bg-slate-50 py-16 sm:py-20"
      >
        <Container className="max-w-3xl text-center">
          <h2
            id="services-title"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Built for creators
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-600">
            Your own tipping page, a dashboard to moderate and track every rupee, and alerts that
            make each supporter feel seen on stream.
          </p>
          <Link
            to="/contact"
            className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'mt-8' })}
          >
            Talk to us
          </Link>
        </Container>
      </section>
    </MarketingLayout>
  );
}
