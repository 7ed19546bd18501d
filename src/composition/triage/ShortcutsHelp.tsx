import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'use-intl';

/** The keys, and the key of what each does in `teamWork.triage.shortcuts.keys`. */
export const SHORTCUTS = [
  ['j / k', 'move'],
  ['x', 'select'],
  ['b', 'bulk'],
  ['s', 'status'],
  ['t', 'tags'],
  ['m', 'merge'],
  ['a', 'approve'],
  ['/', 'search'],
  ['?', 'help'],
] as const;

/** The keyboard shortcuts, listed (opened with ? or the button). */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('teamWork.triage.shortcuts');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-keyshortcuts="?"
          className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-bg"
          data-testid="shortcuts-open"
        >
          {t('open')}
        </button>
      </Dialog.Trigger>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl border
          border-border bg-surface p-5 text-fg shadow-xl"
        data-testid="shortcuts-help"
      >
        <Dialog.Title className="text-lg font-semibold">{t('title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('description')}</Dialog.Description>
        <dl className="mt-4 grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-border bg-bg px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
              </dt>
              <dd className="m-0">{t(`keys.${what}`)}</dd>
            </div>
          ))}
        </dl>
        <Dialog.Close asChild>
          <button type="button" className="mt-5 rounded-md border border-border px-3 py-1.5 text-sm hover:bg-bg">
            {t('close')}
          </button>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Root>
  );
}
