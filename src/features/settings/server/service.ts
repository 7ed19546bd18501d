import { db } from '@/server/db/client';
import type { PublicWorkspace } from '../schema';
import { getWorkspaceSettings } from './queries';

const FALLBACK: PublicWorkspace = {
  name: 'Chorus',
  logoUrl: null,
  accentColor: '#6d28d9',
  defaultTheme: 'system',
  access: 'public',
  setupDone: false,
};

/** The workspace as any visitor may see it: what the shell needs on every page. */
export async function getPublicWorkspace(): Promise<PublicWorkspace> {
  const row = await getWorkspaceSettings(db());
  if (!row) return FALLBACK;
  return {
    name: row.name,
    logoUrl: row.logoUrl,
    accentColor: row.accentColor,
    defaultTheme: row.defaultTheme,
    access: row.access,
    setupDone: row.setupCompletedAt !== null,
  };
}
