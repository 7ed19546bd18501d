/**
 * Publishing a changelog entry tells the people it concerns (SPEC.md §4): the voters and
 * followers of its linked posts and the changelog's own followers, each person once. The
 * changelog says who (`changelogAudience`); notifications apply the rules (never the publisher,
 * nor banned, deleted or unconfirmed people; preferences) and gather the emails into each
 * person's digest, so someone who voted on three linked posts, whose statuses moved too, still
 * gets one email.
 */
import { changelogAudience } from '@/features/changelog/server/service';
import { notifyPeople } from '@/features/notifications/server/notify-service';
import { paths } from '@/config/paths';
import { domainEventSchema } from '@/server/events';
import { jobHandler, type JobHandlers } from '@/server/jobs/queue';

export const CHANGELOG_NOTIFY_KIND = 'changelog.notify';

export const changelogNotificationJobs: JobHandlers = {
  [CHANGELOG_NOTIFY_KIND]: jobHandler(domainEventSchema, async (event, { tx }) => {
    if (event.type !== 'changelog.published') return;
    const { entry, recipientIds } = await changelogAudience(tx, event.entryId);
    // Unpublished again before this ran: there is nothing to read any more.
    if (!entry.published) return;
    await notifyPeople(tx, {
      kind: 'changelog',
      actorId: event.actorId,
      recipientIds,
      entry: { id: entry.id, title: entry.title, url: paths.changelogEntry(entry.slug), excerpt: entry.excerpt },
    });
  }),
};
