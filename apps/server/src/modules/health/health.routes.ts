import type { FastifyPluginAsync } from 'fastify';
import { isDatabaseReachable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/**
 * Health for load balancers and process supervisors:
 * - `GET /healthz/live`: 200 while the process answers at all (restart it when this fails).
 * - `GET /healthz/ready` and `GET /healthz`: 200 when this instance should get traffic: the
 *   database answers and it is not shutting down; 503 otherwise (send requests elsewhere).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz/live', async () => ({ status: 'ok' }));

  const ready = async () => {
    if (app.lifecycle.isDraining) {
      throw new AppError(503, 'shutting_down', 'This instance is shutting down.');
    }
    if (!(await isDatabaseReachable(app.database.db))) {
      throw new AppError(503, 'database_unavailable', 'The database is not answering.');
    }
    return { status: 'ok' };
  };
  app.get('/healthz', ready);
  app.get('/healthz/ready', ready);
};
