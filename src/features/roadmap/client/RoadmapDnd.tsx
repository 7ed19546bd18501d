/**
 * The team's drag and drop (@dnd-kit/core), loaded by dynamic import only when the reader may
 * move cards, so visitors never download it. A card is dragged by its handle (pointer, or the
 * keyboard: focus the handle, Space to pick up, arrows, Space to drop, Escape to cancel); a drop
 * on a column is a status change. Every card also has a "Move to…" control that needs no dragging.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useTranslations } from 'use-intl';
import type { DndBoardProps, DraggableCardProps, DropColumnProps } from './types';

export function DndBoard({ onDrop, cardTitle, columnName, children }: DndBoardProps) {
  const t = useTranslations('portalTeam');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) onDrop(String(active.id), String(over.id));
  };
  const title = (id: string | number) => cardTitle(String(id));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: t('roadmap.dnd.instructions'),
        },
        announcements: {
          onDragStart: ({ active }) => t('roadmap.dnd.pickedUp', { title: title(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('roadmap.dnd.over', { title: title(active.id), column: columnName(String(over.id)) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('roadmap.dnd.dropped', { title: title(active.id), column: columnName(String(over.id)) })
              : t('roadmap.dnd.notMoved', { title: title(active.id) }),
          onDragCancel: ({ active }) => t('roadmap.dnd.cancelled', { title: title(active.id) }),
        },
      }}
    >
      {children}
    </DndContext>
  );
}

export function DropColumn({ statusSlug, children }: DropColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: statusSlug });
  return (
    <div ref={setNodeRef} data-drop-column={statusSlug} className={`rounded-xl ${isOver ? 'ring-2 ring-accent' : ''}`}>
      {children}
    </div>
  );
}

export function DraggableCard({ cardId, title, children }: DraggableCardProps) {
  const t = useTranslations('portalTeam');
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, isDragging } = useDraggable({ id: cardId });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('roadmap.dragHandle', { title })}
      data-testid="drag-handle"
      className="flex h-8 w-6 shrink-0 cursor-grab items-center justify-center rounded text-muted hover:text-fg"
    >
      <svg aria-hidden="true" viewBox="0 0 8 14" className="h-3.5 w-2 fill-current">
        <circle cx="2" cy="2" r="1.2" />
        <circle cx="6" cy="2" r="1.2" />
        <circle cx="2" cy="7" r="1.2" />
        <circle cx="6" cy="7" r="1.2" />
        <circle cx="2" cy="12" r="1.2" />
        <circle cx="6" cy="12" r="1.2" />
      </svg>
    </button>
  );
  return (
    <div ref={setNodeRef} style={style} className={isDragging ? 'relative z-10 opacity-80 shadow-lg' : undefined}>
      {children(handle)}
    </div>
  );
}
