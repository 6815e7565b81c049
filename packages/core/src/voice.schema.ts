import { z } from 'zod';

/** `POST /api/uploads/voice` → 201. */
export const voiceUploadResponseSchema = z.object({
  upload_id: z.uuid(),
  duration_ms: z.number().int().nonnegative(),
});
export type VoiceUploadResponse = z.infer<typeof voiceUploadResponseSchema>;
