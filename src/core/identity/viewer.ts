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
});
export type Viewer = z.infer<typeof viewerSchema>;
