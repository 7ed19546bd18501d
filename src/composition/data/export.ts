/**
 * The whole workspace as one JSON document (format.ts), section by section (sections.ts), read in
 * one REPEATABLE READ transaction so its parts agree with each other. It reads the tables of
 * several features directly, like the demo seed writes them: moving a workspace is about all of
 * it at once.
 */
import type { Db } from '@/server/db/client';
import { EXPORT_FORMAT, EXPORT_VERSION, type WorkspaceExport } from './format';
import { SECTIONS } from './sections';

export async function exportWorkspace(database: Db): Promise<WorkspaceExport> {
  return database.transaction(
    async (tx) => {
      const doc: Record<string, unknown> = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString() };
      for (const s of SECTIONS) doc[s.name] = await s.export(tx);
      // Each section's value has its part's type (section()), and SECTIONS covers every part.
      return doc as WorkspaceExport;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
