import {
  ANALYTICS_PERIODS,
  DONATION_TYPES,
  formatRupees,
  type AnalyticsPeriod,
  type ChartsResponse,
} from '@shabaash/core';
import { useMemo, useState, type ReactNode } from 'react';

import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { InlineError } from '../dashboard/components/inline-error';
import { ANALYTICS_LABELS, ANALYTICS_TEXT } from './analytics.constants';
import { useCharts } from './analytics.queries';
import { UplotChart, type ChartSeries } from './uplot-chart';

const CURRENT_COLOR = '#2563eb';
const PREVIOUS_COLOR = '#94a3b8';
const TYPE_COLORS = ['#2563eb', '#f59e0b', '#db2777'];

/** The period tabs, made in render so they read the dashboard's language. */
const periodTabs = () =>
  ANALYTICS_PERIODS.map((days) => ({
    value: String(days) as `${AnalyticsPeriod}`,
    label: ANALYTICS_TEXT.periodOption(days),
  }));

const rupees = (paise: number) => formatRupees(paise);
/** Chart values are rupees (the axis), tables show paise formatted. */
const rupeeAxis = (value: number) => formatRupees(Math.round(value * 100));
const countAxis = (value: number) => String(Math.round(value));
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** Revenue and tips per day, type, hour and weekday, and top supporters, for 7/30/90 days. */
export function ChartsPanel({ slug }: { slug: string }) {
  const [period, setPeriod] = useState<`${AnalyticsPeriod}`>('7');
  const days = Number(period) as AnalyticsPeriod;
  const charts = useCharts(slug, days);

  return (
    <Card data-analytics="charts">
      <CardHeader>
        <CardTitle>{ANALYTICS_TEXT.chartsTitle}</CardTitle>
        <CardDescription>{ANALYTICS_TEXT.chartsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs
          items={periodTabs()}
          value={period}
          onChange={setPeriod}
          label={ANALYTICS_TEXT.periodLabel}
        >
          {charts.isPending ? <Spinner label={ANALYTICS_TEXT.chartsLoading} /> : null}
          {charts.isError && !charts.data ? (
            <InlineError
              message={ANALYTICS_TEXT.chartsError}
              retryLabel={ANALYTICS_TEXT.retry}
              onRetry={() => void charts.refetch()}
              isRetrying={charts.isFetching}
            />
          ) : null}
          {charts.data ? <Charts data={charts.data} /> : null}
        </Tabs>
      </CardContent>
    </Card>
  );
}

function Charts({ data }: { data: ChartsResponse }) {
  const labels = useMemo(() => data.series.map((point) => dayLabel(point.day)), [data]);
  const revenue = useMemo<ChartSeries[]>(
    () => [
      {
        label: ANALYTICS_TEXT.thisPeriod,
        values: data.series.map((point) => point.amount_paise / 100),
        color: CURRENT_COLOR,
      },
      {
        label: ANALYTICS_TEXT.previousPeriod,
        values: data.series.map((point) => point.previous_amount_paise / 100),
        color: PREVIOUS_COLOR,
        isDashed: true,
      },
    ],
    [data],
  );
  const counts = useMemo<ChartSeries[]>(
    () => [
      {
        label: ANALYTICS_TEXT.thisPeriod,
        values: data.series.map((point) => point.count),
        color: CURRENT_COLOR,
      },
      {
        label: ANALYTICS_TEXT.previousPeriod,
        values: data.series.map((point) => point.previous_count),
        color: PREVIOUS_COLOR,
        isDashed: true,
      },
    ],
    [data],
  );
  const byType = useMemo<ChartSeries[]>(
    () =>
      DONATION_TYPES.map((type, index) => ({
        label: ANALYTICS_LABELS.tipType[type],
        values: data.series.map((point) => point.by_type[type] / 100),
        color: TYPE_COLORS[index] ?? CURRENT_COLOR,
      })),
    [data],
  );
  const hourLabels = useMemo(
    () => data.hours.map((slot) => ANALYTICS_TEXT.hourLabel(slot.hour)),
    [data],
  );
  const hours = useMemo<ChartSeries[]>(
    () => [
      {
        label: ANALYTICS_TEXT.tableColumns.revenue,
        values: data.hours.map((slot) => slot.amount_paise / 100),
        color: CURRENT_COLOR,
      },
    ],
    [data],
  );
  const weekdayLabels = ANALYTICS_LABELS.weekdaysShort;
  const weekdays = useMemo<ChartSeries[]>(
    () => [
      {
        label: ANALYTICS_TEXT.tableColumns.revenue,
        values: data.weekdays.map((slot) => slot.amount_paise / 100),
        color: CURRENT_COLOR,
      },
    ],
    [data],
  );
  const t = ANALYTICS_TEXT.tableColumns;

  return (
    <div className="flex flex-col gap-8 pt-4">
      <p className="text-sm font-medium text-slate-700" data-analytics="period-totals">
        {ANALYTICS_TEXT.periodTotals(
          `${rupees(data.totals.current.amount_paise)} (${String(data.totals.current.count)})`,
          `${rupees(data.totals.previous.amount_paise)} (${String(data.totals.previous.count)})`,
        )}
      </p>
      <ChartFigure
        name="revenue"
        title={ANALYTICS_TEXT.revenueTitle(data.days)}
        chart={
          <UplotChart
            xLabel={t.day}
            labels={labels}
            series={revenue}
            kind="line"
            formatValue={rupeeAxis}
          />
        }
        head={[t.day, t.revenue, t.previousRevenue]}
        rows={data.series.map((point) => [
          point.day,
          rupees(point.amount_paise),
          rupees(point.previous_amount_paise),
        ])}
      />
      <ChartFigure
        name="count"
        title={ANALYTICS_TEXT.countTitle}
        chart={
          <UplotChart
            xLabel={t.day}
            labels={labels}
            series={counts}
            kind="line"
            formatValue={countAxis}
            height={180}
          />
        }
        head={[t.day, t.tips, t.previousTips]}
        rows={data.series.map((point) => [
          point.day,
          String(point.count),
          String(point.previous_count),
        ])}
      />
      <ChartFigure
        name="by-type"
        title={ANALYTICS_TEXT.byTypeTitle}
        chart={
          <UplotChart
            xLabel={t.type}
            labels={labels}
            series={byType}
            kind="line"
            formatValue={rupeeAxis}
            height={180}
          />
        }
        head={[t.type, t.revenue, t.tips]}
        rows={data.by_type.map((row) => [
          ANALYTICS_LABELS.tipType[row.type],
          rupees(row.amount_paise),
          String(row.count),
        ])}
      />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <ChartFigure
          name="hours"
          title={ANALYTICS_TEXT.hoursTitle}
          chart={
            <UplotChart
              xLabel={t.hour}
              labels={hourLabels}
              series={hours}
              kind="bar"
              formatValue={rupeeAxis}
              height={180}
            />
          }
          head={[t.hour, t.revenue, t.tips]}
          rows={data.hours.map((slot) => [
            ANALYTICS_TEXT.hourLabel(slot.hour),
            rupees(slot.amount_paise),
            String(slot.count),
          ])}
        />
        <ChartFigure
          name="weekdays"
          title={ANALYTICS_TEXT.weekdaysTitle}
          chart={
            <UplotChart
              xLabel={t.weekday}
              labels={weekdayLabels}
              series={weekdays}
              kind="bar"
              formatValue={rupeeAxis}
              height={180}
            />
          }
          head={[t.weekday, t.revenue, t.tips]}
          rows={data.weekdays.map((slot) => [
            ANALYTICS_LABELS.weekdays[slot.weekday] ?? '',
            rupees(slot.amount_paise),
            String(slot.count),
          ])}
        />
      </div>
      <section aria-labelledby="analytics-top-supporters" data-chart="top-supporters">
        <h4 id="analytics-top-supporters" className="mb-2 text-sm font-semibold text-slate-900">
          {ANALYTICS_TEXT.topSupportersTitle}
        </h4>
        {data.top_supporters.length === 0 ? (
          <p className="text-sm text-slate-600">{ANALYTICS_TEXT.topSupportersEmpty}</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-2">
                  {t.rank}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {t.name}
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  {t.revenue}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t.tips}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.top_supporters.map((row) => (
                <tr key={`${String(row.rank)}-${row.name}-${String(row.amount_paise)}`}>
                  <td className="py-1.5 pr-2 tabular-nums">{row.rank}</td>
                  <td className="py-1.5 pr-2 break-all">{row.name}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">
                    {rupees(row.amount_paise)}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** A chart with its numbers in a table that screen readers read instead of the canvas. */
function ChartFigure({
  name,
  title,
  chart,
  head,
  rows,
}: {
  name: string;
  title: string;
  chart: ReactNode;
  head: string[];
  rows: string[][];
}) {
  return (
    <figure data-chart={name} className="flex min-w-0 flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      {chart}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
