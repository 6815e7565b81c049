import { formatRupees } from '@shabaash/core';
import { Eye, IndianRupee, MessageSquareHeart } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Badge } from '../../../components/ui/badge';
import { COUNTER_TICK_MS, MIN_DEMO_VIEWERS, SHOWCASE_TEXT } from './showcase.constants';

/** Where the demo figures start: fixed, so the prerendered page and the browser agree. */
const START = { tips: 42, amountPaise: 1_245_000, viewers: 128 };

/**
 * Cosmetic counters (spec 01 §2, §9): every 5 seconds a few example tips arrive and the viewer
 * count drifts, never below 15. Labelled as example figures.
 */
export function DemoCounters() {
  const [figures, setFigures] = useState(START);

  useEffect(() => {
    const timer = window.setInterval(() => {
      setFigures((current) => {
        const newTips = Math.floor(Math.random() * 3);
        const drift = Math.floor(Math.random() * 21) - 10;
        return {
          tips: current.tips + newTips,
          amountPaise: current.amountPaise + newTips * (50 + Math.floor(Math.random() * 450)) * 100,
          viewers: Math.max(MIN_DEMO_VIEWERS, current.viewers + drift),
        };
      });
    }, COUNTER_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const { counters } = SHOWCASE_TEXT;
  const items = [
    {
      label: counters.tipsToday,
      value: figures.tips.toLocaleString('en-IN'),
      Icon: MessageSquareHeart,
    },
    { label: counters.amountToday, value: formatRupees(figures.amountPaise), Icon: IndianRupee },
    { label: counters.viewers, value: figures.viewers.toLocaleString('en-IN'), Icon: Eye },
  ];

  return (
    <section
      aria-labelledby="demo-counters"
      className="rounded-2xl bg-slate-900 p-5 text-white sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="demo-counters" className="font-semibold">
          {counters.title}
        </h2>
        <Badge variant="warning">{SHOWCASE_TEXT.exampleBadge}</Badge>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {items.map(({ label, value, Icon }) => (
          <div key={label} className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
            <dt className="flex items-center gap-2 text-sm text-slate-300">
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-400">{counters.note}</p>
    </section>
  );
}
