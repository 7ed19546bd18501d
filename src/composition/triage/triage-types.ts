/** What the triage page receives from its loader. */
import type { PropertyCatalogs } from '@/features/posts/client/properties/PostProperties';
import type { TriagePage, TriageQuery, TriageView } from '@/features/posts/triage-schema';

export type TriagePageProps = {
  initial: TriagePage;
  /** The filters and sort in force (from the URL; an invalid URL falls back to the defaults). */
  query: Omit<TriageQuery, 'cursor' | 'limit'>;
  catalogs: PropertyCatalogs & { boards: { slug: string; name: string }[] };
  views: TriageView[];
  viewerId: string;
};
