import { ChartColumn, Gift, IndianRupee, MessageSquare, Sparkles, Trophy, Zap } from 'lucide-react';

import { Container } from '../../../components/ui/container';
import { FEATURES, entriesOf } from '../marketing.constants';
import { SECTION_CLASSES, SectionHeading } from './section-heading';

const FEATURE_ICONS = {
  payments: IndianRupee,
  gifts: Gift,
  chat: MessageSquare,
  payouts: Zap,
  dashboard: ChartColumn,
  leaderboard: Trophy,
  'emoji-rain': Sparkles,
} as const;

/** The seven feature cards (spec 01 §1), the target of the "UPI Payments" anchor. */
export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className={SECTION_CLASSES}>
      <Container>
        <SectionHeading
          id="features-title"
          eyebrow={FEATURES.eyebrow}
          title={FEATURES.title}
          intro={FEATURES.intro}
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {entriesOf(FEATURES.items).map(([id, feature]) => {
            const Icon = FEATURE_ICONS[id];
            return (
              <li
                key={id}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}
