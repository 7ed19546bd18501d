/** What the post page receives from its loader (JSON: ISO dates, rendered Markdown trees). */
import type { ShippedIn } from '@/features/changelog/schema';
import type { CommentView } from '@/features/comments/schema';
import type { StatusRef } from '@/features/statuses/schema';
import type { TagRef } from '@/features/tags/schema';
import type { Voter } from '@/features/votes/schema';
import type { MdDoc } from '@/lib/markdown-tree';
import type { PostDetail, StatusHistoryEntry, TeamProperties } from '@/features/posts/schema';
import type { EditRefusalCode, VotingClosedCode } from '@/features/posts/enums';
import type { PropertyCatalogs } from '@/features/posts/client/properties/PostProperties';

/** Why a reader gets no comment form (merged post, signed out, archived board, team-only board). */
export type CommentRefusalCode = 'merged' | 'signIn' | 'archived' | 'teamOnly';

export interface PostPageProps {
  post: PostDetail;
  /** When the team expects to ship it ("2027-Q1", "2027-03"; the page words it), null when not set. */
  eta: string | null;
  bodyDoc: MdDoc;
  canonicalUrl: string;
  history: StatusHistoryEntry[];
  /** The most recent voters (at most 20); the total is post.voteCount. */
  voters: Voter[];
  /** Posts merged into this one. */
  duplicates: { number: number; slug: string; title: string }[];
  comments: CommentView[];
  /** The published changelog entries that shipped this post, newest first. */
  shippedIn: ShippedIn[];
  viewer: {
    canEdit: boolean;
    /** Why editing is refused to the author (window closed, status changed), to explain the missing button. */
    editRefusal: EditRefusalCode | null;
    canDelete: boolean;
    /** Whether a comment form is offered, and if not, why (visitors get a sign-in link instead). */
    canComment: boolean;
    commentRefusal: CommentRefusalCode | null;
    votingClosedReason: VotingClosedCode | null;
    /** Moderators and admins: internal notes, and the sidebar's editors, merge, vote on behalf and the voter export. */
    isTeam: boolean;
  };
  /** The team's properties and what their editors choose from; null for everyone else. */
  team: {
    properties: TeamProperties;
    statuses: StatusRef[];
    tags: TagRef[];
    members: PropertyCatalogs['team'];
    weights: PropertyCatalogs['weights'];
  } | null;
}
