import { ChartsPanel } from './charts-panel';
import { HistoryPanel } from './history-panel';

/**
 * The dashboard's Analytics tab (issue 28): the charts, then the full tip history with search,
 * filters, the donor line and the CSV export. Loaded lazily, so the chart library (uPlot) is
 * downloaded only by someone who opens this tab.
 */
export default function AnalyticsTab({ slug }: { slug: string }) {
  return (
    <div className="flex flex-col gap-6">
      <ChartsPanel slug={slug} />
      <HistoryPanel slug={slug} />
    </div>
  );
}
