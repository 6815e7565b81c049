import { ArrowDown, Play } from 'lucide-react';
import { useState } from 'react';

import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { Tabs } from '../../components/ui/tabs';
import { MarketingLayout, PageIntro } from './components/marketing-layout';
import { ApiReference } from './showcase/api-reference';
import { DemoCounters } from './showcase/demo-counters';
import { CardDemo } from './showcase/showcase-demos';
import { SHOWCASE_TEXT, showcaseTabs, type ShowcaseTabId } from './showcase/showcase.constants';

const FEATURE_AREAS_ID = 'feature-areas';

/**
 * The feature showcase (spec 01 §2): live-demo and view-all buttons, example counters, and the
 * tabbed feature areas with small cosmetic demos, then the API reference.
 */
export function FeatureShowcasePage() {
  const [tab, setTab] = useState<ShowcaseTabId>('payment');
  // Each press of the live-demo button replays the example alert with its emoji rain.
  const [liveDemoRun, setLiveDemoRun] = useState(0);
  const tabs = showcaseTabs();
  const current = tabs.find((candidate) => candidate.id === tab) ?? tabs[0];

  const handleLiveDemo = () => {
    setTab('streaming');
    setLiveDemoRun((run) => run + 1);
    document.getElementById(FEATURE_AREAS_ID)?.scrollIntoView({ block: 'start' });
  };

  return (
    <MarketingLayout>
      <PageIntro eyebrow={SHOWCASE_TEXT.eyebrow} title={SHOWCASE_TEXT.title}>
        <p>{SHOWCASE_TEXT.intro}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={handleLiveDemo}>
            <Play aria-hidden="true" className="size-4" />
            {SHOWCASE_TEXT.liveDemo}
          </Button>
          <a
            href={`#${FEATURE_AREAS_ID}`}
            className="inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-900 hover:bg-slate-50"
          >
            {SHOWCASE_TEXT.viewAll}
            <ArrowDown aria-hidden="true" className="size-4" />
          </a>
        </div>
      </PageIntro>

      <Container className="pb-20">
        <DemoCounters />

        <section
          id={FEATURE_AREAS_ID}
          aria-labelledby="feature-areas-title"
          className="mt-12 scroll-mt-32"
        >
          <h2 id="feature-areas-title" className="sr-only">
            {SHOWCASE_TEXT.allFeaturesTitle}
          </h2>
          <Tabs
            label={SHOWCASE_TEXT.tabsLabel}
            items={tabs.map(({ id, label }) => ({ value: id, label }))}
            value={tab}
            onChange={setTab}
          >
            {current ? (
              <div className="pt-2">
                <h3 className="text-2xl font-bold tracking-tight text-slate-900">
                  {current.title}
                </h3>
                {current.id === 'api' ? (
                  <ApiReference />
                ) : (
                  <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                    {current.cards.map((card) => (
                      <li
                        key={card.id}
                        className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                      >
                        <div className="flex items-start justify-between gap-3">
                          <h4 className="text-lg font-semibold text-slate-900">{card.title}</h4>
                          {card.comingSoon ? (
                            <Badge variant="brand">{SHOWCASE_TEXT.comingSoon}</Badge>
                          ) : null}
                        </div>
                        <p className="mt-2 text-sm text-slate-600">{card.text}</p>
                        {card.points ? (
                          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                            {card.points.map((point) => (
                              <li key={point}>{point}</li>
                            ))}
                          </ul>
                        ) : null}
                        <CardDemo demo={card.demo} liveDemoRun={liveDemoRun} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ) : null}
          </Tabs>
        </section>
      </Container>
    </MarketingLayout>
  );
}
