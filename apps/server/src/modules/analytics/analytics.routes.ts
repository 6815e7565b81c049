import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  chartsQuerySchema,
  historyFilterSchema,
  historyQuerySchema,
  indiaDay,
  type AnalyticsPeriod,
  type ChartsResponse,
  type HistoryFilterInput,
  type HistoryResponse,
} from '@shabaash/core';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { CSV_HEADER_LINE, presentAnalyticsTip, presentCsvLine } from './analytics.presenter.ts';
import {
  findDonor,
  getCharts,
  readHistory,
  streamHistoryRows,
  type Donor,
} from './analytics.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

/** The donor the filter names, looked up among this streamer's tips. */
async function donorOf(db: Database, streamerId: string, filter: HistoryFilterInput) {
  return filter.donor ? findDonor(db, streamerId, filter.donor) : null;
}

/** The CSV body: a BOM (so Excel reads UTF-8 names), the header, then one line per tip. */
async function* csvLines(
  db: Database,
  streamerId: string,
  filter: HistoryFilterInput,
  donor: Donor | null,
): AsyncGenerator<string> {
  yield `\uFEFF${CSV_HEADER_LINE}`;
  for await (const row of streamHistoryRows(db, streamerId, filter, donor)) {
    yield presentCsvLine(row);
  }
}

/**
 * The dashboard's Analytics tab (issue 28), for the streamer's members and site admins: the
 * tip history with its filter total, the charts, and the CSV export of the filtered history.
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.get('/api/streamers/:slug/analytics/history', async (request): Promise<HistoryResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const query = parseInput(historyQuerySchema, request.query);
    const donor = await donorOf(db, streamer.id, query);
    // The summary covers every page, so only the first page (no cursor) pays for it.
    const page = await readHistory(db, streamer.id, query, {
      donor,
      cursor: query.cursor,
      limit: query.limit,
    });
    return {
      tips: page.rows.map(presentAnalyticsTip),
      next_cursor: page.nextCursor,
      summary: page.summary && { count: page.summary.count, total_paise: page.summary.totalPaise },
      donor: donor && { name: donor.name },
    };
  });

  app.get('/api/streamers/:slug/analytics/charts', async (request): Promise<ChartsResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const { days } = parseInput(chartsQuerySchema, request.query);
    return getCharts(db, streamer.id, days as AnalyticsPeriod);
  });

  /** The filtered history as CSV, streamed batch by batch from the database. */
  app.get('/api/streamers/:slug/analytics/export.csv', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const filter = parseInput(historyFilterSchema, request.query);
    const donor = await donorOf(db, streamer.id, filter);
    const fileName = `shabaash-${streamer.slug}-tips-${indiaDay(new Date())}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csvLines(db, streamer.id, filter, donor)));
  });
};
