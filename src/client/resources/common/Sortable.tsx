/**
 * Drag to reorder, with the keyboard too: a list of items any of which can be picked up by its
 * handle (pointer, touch, or Space/Enter on the focused handle, then the arrow keys, Space/Enter
 * to drop and Escape to cancel) and dropped at another place. dnd-kit announces each step to
 * screen readers. The caller saves the move (`onMove(from, to)`, a promise); while it is saved
 * the items show in the new order, dimmed, and if it is refused they go back where they were
 * (the caller says why), so a refused move never looks done.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { IconButton } from '@mui/material';
import { useState, type ElementType, type ReactNode } from 'react';

export interface SortableProps<T> {
  items: T[];
  idOf: (item: T) => string;
  /** How a screen reader names an item ("Day 2: Reykjavík"). */
  nameOf: (item: T) => string;
  /** Saves the move; settles when the saved order is shown (or the move was refused). */
  onMove: (from: number, to: number) => Promise<unknown>;
  disabled?: boolean;
  layout: 'list' | 'grid';
  /** The element each item is wrapped in: 'li' inside a list. */
  itemElement: 'li' | 'div';
  children: (item: T, index: number, handle: ReactNode) => ReactNode;
  /** The element that holds the items (an <ol> or a grid). */
  container: (children: ReactNode) => ReactNode;
}

export function Sortable<T>({ items: saved, idOf, nameOf, onMove, disabled, layout, itemElement, children, container }: SortableProps<T>) {
  const [pending, setPending] = useState<string[] | null>(null);
  const items = pending ? pending.map((id) => saved.find((item) => idOf(item) === id)).filter((item): item is T => item !== undefined) : saved;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const nameOfId = (id: string | number) => {
    const item = items.find((candidate) => idOf(candidate) === String(id));
    const name = item ? nameOf(item) : 'the item';
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
  const position = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    const next = [...ids];
    next.splice(to, 0, ...next.splice(from, 1));
    setPending(next);
    void onMove(from, to).finally(() => setPending(null));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: 'To move it, press Space or Enter, then the arrow keys; Space or Enter again to drop it there, Escape to cancel.' },
        announcements: {
          onDragStart: ({ active }) => `${nameOfId(active.id)} picked up, at place ${position(active.id)} of ${ids.length}.`,
          onDragOver: ({ active, over }) => (over ? `${nameOfId(active.id)} over place ${position(over.id)} of ${ids.length}.` : `${nameOfId(active.id)} is not over a place.`),
          onDragEnd: ({ active, over }) => (over ? `${nameOfId(active.id)} dropped at place ${position(over.id)} of ${ids.length}.` : `${nameOfId(active.id)} dropped where it was.`),
          onDragCancel: ({ active }) => `Moving ${nameOfId(active.id)} cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy} disabled={disabled || pending !== null}>
        {container(
          items.map((item, index) => (
            <SortableItem key={idOf(item)} id={idOf(item)} name={nameOf(item)} disabled={disabled || pending !== null} saving={pending !== null} element={itemElement}>
              {(handle) => children(item, index, handle)}
            </SortableItem>
          )),
        )}
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, name, disabled, saving, element, children }: { id: string; name: string; disabled?: boolean; saving: boolean; element: 'li' | 'div'; children: (handle: ReactNode) => ReactNode }) {
  const Element: ElementType = element;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = disabled && !saving ? null : (
    <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} disabled={saving} aria-label={`Drag ${name}`} sx={{ cursor: 'grab', touchAction: 'none' }} size="small">
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Element
      ref={setNodeRef}
      aria-busy={saving || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : saving ? 0.6 : undefined, listStyle: 'none' }}
    >
      {children(handle)}
    </Element>
  );
}
