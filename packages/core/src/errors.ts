import { z } from 'zod';

/** The one error shape every API answer uses (DESIGN.md, Public contracts). */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
