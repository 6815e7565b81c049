import type { FastifyPluginAsync } from 'fastify';
import type { BackupStatus } from '@shabaash/core';
import { requireAdmin } from '../../policies/access.ts';
import { getBackupStatus } from './backups.service.ts';

/** `GET /api/admin/backups`: the schedule, recent runs and any failed or missed backup. */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/backups', async (request): Promise<BackupStatus> => {
    await requireAdmin(request);
    return getBackupStatus(app.database.db, app.config);
  });
};
