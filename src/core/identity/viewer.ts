import { z } from 'zod';
import { ROLES } from './roles';

/** The signed-in person as the browser sees them. */
export const viewerSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  /**
   * Only on the placeholder person of a shared render (src/server/cache/shared-render.ts): the
   * avatar's look as placeholders, filled per person. Everyone else's look comes from their name.
   */
  avatarLook: z.object({ initials: z.string(), background: z.string() }).optional(),
});
export type Viewer = z.infer<typeof viewerSchema>;
