// Stored files on the wire (spec §3 "File", §7 "Files and imports").
import { z } from 'zod';

/**
 * GET /api/v1/files/{id}/previews: `path` opens the file in a new tab without an Authorization
 * header for a few minutes (a signed link, decision 042); PDF and text show in the tab, other
 * types download. Another user's file, or a missing one, answers 404.
 */
export const FilePreviewSchema = z.object({
  path: z.string().describe('A link that opens the file for a few minutes, without a token'),
});
export type FilePreview = z.infer<typeof FilePreviewSchema>;
