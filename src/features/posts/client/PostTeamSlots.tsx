/**
 * Places on the post page for controls built elsewhere (the integrator replaces these with
 * the real components). Each renders nothing yet; the page already passes the data they need.
 */
import type { StatusRef } from '@/features/statuses/schema';
import type { TagRef } from '@/features/tags/schema';

interface PostRef {
  number: number;
  title: string;
}

/** Status (with a public note) and tags: team only. */
export function ModeratorPanelSlot(_: { post: PostRef & { status: StatusRef | null; tags: TagRef[] }; statuses: StatusRef[]; tags: TagRef[] }) {
  return null;
}

/** Vote on behalf of a person by email: team only. */
export function VoteOnBehalfSlot(_: { post: PostRef }) {
  return null;
}

/** Merge this post into another: team only. */
export function MergeSlot(_: { post: PostRef; mergedInto: { number: number } | null }) {
  return null;
}

/** The subscribe bell: signed-in viewers. */
export function SubscribeBellSlot(_: { post: PostRef; subscribed: boolean }) {
  return null;
}
