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
import { eventConsumer } from '@/server/events';

export const changelogNotifications = eventConsumer({
  jobKind: 'changelog.notify',
  types: ['changelog.published'],
  handle: async (event, { tx }) => {
    const { entry, recipientIds } = await changelogAudience(tx, event.entryId);
    // Unpublished again before this ran: there is nothing to read any more.
    if (!entry.published) return;
    await notifyPeople(tx, {
      kind: 'changelog',
      actorId: event.actorId,
      recipientIds,
      entry: { id: entry.id, title: entry.title, url: paths.changelogEntry(entry.slug), excerpt: entry.excerpt },
    });
  },
});
