import type { ReactNode } from 'react';

/** What a card's drag wrapper hands the card: the handle to render, or null when nothing can be dragged. */
export type DragHandle = ReactNode | null;

export interface DndBoardProps {
  /** A card (its id) was dropped on a column (its status slug). */
  onDrop: (cardId: string, statusSlug: string) => void;
  /** Names for the screen-reader announcements: a card's title, a column's name. */
  cardTitle: (cardId: string) => string;
  columnName: (statusSlug: string) => string;
  children: ReactNode;
}

export interface DropColumnProps {
  statusSlug: string;
  children: ReactNode;
}

export interface DraggableCardProps {
  cardId: string;
  title: string;
  children: (handle: DragHandle) => ReactNode;
}

/** The team's drag-and-drop layer, loaded only for people who may move cards. */
export interface DndLayer {
  DndBoard: (props: DndBoardProps) => ReactNode;
  DropColumn: (props: DropColumnProps) => ReactNode;
  DraggableCard: (props: DraggableCardProps) => ReactNode;
}
