import { useState } from 'react';
import { useLocale, useTranslations } from 'use-intl';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { StatusBadge } from '@/components/ui/Badges';
import { api, ApiError } from '@/lib/api';
import type { StatusRef } from '@/features/statuses/schema';
import type { TagRef } from '@/features/tags/schema';
import type { ApprovalDecision } from '../../enums';
import type { PostApproval, TeamProperties } from '../../schema';
import { priorityParts, type PriorityWeights } from '../../priority';
import { ChoiceEditor, EtaEditor, saveProperties, scoreKey, scoreOptions, StatusEditor, TagsEditor } from './editors';
import { MergePicker } from './MergePicker';
import { PropertyPopover } from './PropertyPopover';
import { useEtaLabel } from './use-eta-label';
import { useApiErrorText } from '@/lib/api-error-text';

export type PropertyKey = 'status' | 'tags' | 'owner' | 'eta' | 'impact' | 'effort' | 'merge';

export interface PropertiesPost {
  number: number;
  title: string;
  voteCount: number;
  board: { name: string };
  status: StatusRef | null;
  tags: TagRef[];
  approval: PostApproval;
  merged: boolean;
  team: TeamProperties;
}

export interface PropertyCatalogs {
  statuses: StatusRef[];
  tags: TagRef[];
  team: { id: string; displayName: string; avatarUrl: string | null }[];
  weights: PriorityWeights;
}

export type PropertiesChange =
  { status: StatusRef | null } | { tags: TagRef[] } | { team: TeamProperties } | { approval: PostApproval } | { mergedInto: number };

const Muted = ({ children }: { children: string }) => <span className="text-muted">{children}</span>;

/**
 * The team's editable properties of a post, each in place (a popover, not a stacked form):
 * status with a note, tags, owner, ETA, impact, effort, the priority they make, approval and
 * merge. `open`/`onOpenChange` let a page open one from a keyboard shortcut.
 */
export function PostProperties({
  post,
  catalogs,
  open,
  onOpenChange,
  onChanged,
}: {
  post: PropertiesPost;
  catalogs: PropertyCatalogs;
  open: PropertyKey | null;
  onOpenChange: (key: PropertyKey | null) => void;
  onChanged: (change: PropertiesChange) => void;
}) {
  const t = useTranslations('teamWork.properties');
  const errorText = useApiErrorText();
  const locale = useLocale();
  const eta = useEtaLabel();
  // Two decimals, without grouping (as the English screen has always shown them), in the page's digits.
  const fixed = (n: number) => n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const [approvalBusy, setApprovalBusy] = useState(false);
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const popover = (key: PropertyKey) => ({ open: open === key, onOpenChange: (o: boolean) => onOpenChange(o ? key : null) });
  const saved = (change: PropertiesChange) => {
    onChanged(change);
    onOpenChange(null);
  };
  const saveTeam = async (body: Record<string, unknown>) => saved({ team: await saveProperties(post.number, body) });
  const { team } = post;
  const parts = priorityParts({ votes: post.voteCount, impact: team.impact, effort: team.effort }, catalogs.weights);

  const decide = async (approval: ApprovalDecision) => {
    setApprovalBusy(true);
    setApprovalError(null);
    try {
      await api(`/api/v1/posts/${post.number}/approval`, { body: { approval } });
      onChanged({ approval });
    } catch (err) {
      setApprovalError(err instanceof ApiError ? errorText(err) : t('notSaved'));
    } finally {
      setApprovalBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-1" data-testid="post-properties">
      {post.approval === 'pending' ? (
        <div className="mb-2 rounded-lg border border-border p-3" data-testid="approval-actions">
          <p className="m-0 text-sm font-medium">{t('awaiting')}</p>
          <div className="mt-2 flex gap-2">
            <Button busy={approvalBusy} onClick={() => void decide('approved')} aria-keyshortcuts="a" data-testid="approve">
              {t('approve')}
            </Button>
            <Button variant="secondary" disabled={approvalBusy} onClick={() => void decide('rejected')} data-testid="reject">
              {t('reject')}
            </Button>
          </div>
          {approvalError ? (
            <p role="alert" className="m-0 mt-2 text-sm text-danger">
              {approvalError}
            </p>
          ) : null}
        </div>
      ) : null}
      <PropertyPopover
        label={t('status')}
        changeLabel={t('change.status')}
        shortcut="s"
        value={<StatusBadge status={post.status} />}
        testId="property-status"
        {...popover('status')}
      >
        <StatusEditor postNumber={post.number} statuses={catalogs.statuses} current={post.status} onSaved={(status) => saved({ status })} />
      </PropertyPopover>
      <PropertyPopover
        label={t('tags')}
        changeLabel={t('change.tags')}
        shortcut="t"
        value={
          post.tags.length ? <span className="truncate">{post.tags.map((tag) => tag.name).join(', ')}</span> : <Muted>{t('none')}</Muted>
        }
        testId="property-tags"
        {...popover('tags')}
      >
        <TagsEditor postNumber={post.number} tags={catalogs.tags} selected={post.tags} onSaved={(tags) => saved({ tags })} />
      </PropertyPopover>
      <PropertyPopover
        label={t('owner')}
        changeLabel={t('change.owner')}
        value={
          team.owner ? (
            <>
              <Avatar name={team.owner.displayName} url={team.owner.avatarUrl} size={20} />
              <span className="truncate" dir="auto">
                {team.owner.displayName}
              </span>
            </>
          ) : (
            <Muted>{t('noOwner')}</Muted>
          )
        }
        testId="property-owner"
        {...popover('owner')}
      >
        <ChoiceEditor
          legend={t('owner')}
          options={[...catalogs.team.map((m) => ({ value: m.id, label: m.displayName })), { value: null, label: t('noOwner') }]}
          current={team.owner?.id ?? null}
          save={(ownerId) => saveTeam({ ownerId })}
        />
      </PropertyPopover>
      <PropertyPopover
        label={t('eta')}
        changeLabel={t('change.eta')}
        value={team.eta ? eta(team.eta) : <Muted>{t('notSet')}</Muted>}
        testId="property-eta"
        {...popover('eta')}
      >
        <EtaEditor current={team.eta} save={(eta) => saveTeam({ eta })} />
      </PropertyPopover>
      {(['impact', 'effort'] as const).map((kind) => (
        <PropertyPopover
          key={kind}
          label={t(kind)}
          changeLabel={t(`change.${kind}`)}
          value={team[kind] ? `${team[kind]} · ${t(`scores.${kind}.${scoreKey(team[kind])}`)}` : <Muted>{t('notScored')}</Muted>}
          testId={`property-${kind}`}
          {...popover(kind)}
        >
          <ChoiceEditor
            legend={t(kind)}
            options={scoreOptions(kind, t)}
            current={team[kind]}
            save={(value) => saveTeam({ [kind]: value })}
            testId={`${kind}-editor`}
          />
        </PropertyPopover>
      ))}
      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-start gap-2 px-0 py-1 text-sm" data-testid="property-priority">
        <span className="text-muted">{t('priority')}</span>
        <span className="px-2">
          <strong>{fixed(team.priority)}</strong>
          <span className="block text-xs text-muted">
            {t('priorityParts', {
              votes: fixed(parts.votes),
              count: post.voteCount,
              impact: fixed(parts.impact),
              cost: fixed(parts.cost),
            })}
          </span>
        </span>
      </div>
      {post.merged ? null : (
        <MergePicker
          source={{ number: post.number, title: post.title, voteCount: post.voteCount, board: post.board, status: post.status }}
          {...popover('merge')}
          onMerged={(target) => onChanged({ mergedInto: target })}
          trigger={
            <Button variant="secondary" className="mt-2 self-start" aria-keyshortcuts="m" data-testid="merge-open">
              {t('mergeOpen')}
            </Button>
          }
        />
      )}
    </div>
  );
}
