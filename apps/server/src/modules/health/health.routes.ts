import type { FastifyPluginAsync } from 'fastify';
import { isDatabaseReachable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/** `GET /healthz`: 200 when the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => {
    if (!(await isDatabaseReachable(app.database.db))) {
      throw new AppError(503, 'database_unavailable', 'The database is not answering.');
    }
    return { status: 'ok' };
  });
};
