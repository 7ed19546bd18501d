import * as Popover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';

interface Props {
  /** The property's name, shown beside its value and naming the button. */
  label: string;
  /** What the popover is called ("Change status"). */
  changeLabel: string;
  /** The value as the row shows it. */
  value: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The editor, drawn in the popover. */
  children: ReactNode;
  /** A keyboard shortcut that opens it (announced with aria-keyshortcuts). */
  shortcut?: string;
  testId?: string;
}

/**
 * One property of a post in a sidebar or detail pane: its name, its value as a button, and the
 * editor in a popover (Radix Popover: Escape closes it and focus returns to the button). Not
 * portalled, so it keeps the shell's font and theme.
 */
export function PropertyPopover({ label, changeLabel, value, open, onOpenChange, children, shortcut, testId }: Props) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-2 text-sm">
        <span aria-hidden="true" className="text-muted">
          {label}
        </span>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-keyshortcuts={shortcut}
            className="flex min-h-9 min-w-0 items-center gap-2 rounded-md px-2 py-1 text-start hover:bg-bg data-[state=open]:bg-bg"
            data-testid={testId}
          >
            <span className="sr-only">{`${label}: `}</span>
            {value}
          </button>
        </Popover.Trigger>
      </div>
      <Popover.Content
        align="start"
        sideOffset={4}
        collisionPadding={8}
        className="z-40 w-[min(20rem,calc(100vw-1rem))] rounded-lg border border-border bg-surface p-3 text-fg shadow-lg"
        aria-label={changeLabel}
      >
        {children}
      </Popover.Content>
    </Popover.Root>
  );
}
