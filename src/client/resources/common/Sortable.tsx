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
import { useTranslate } from 'react-admin';

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
  const translate = useTranslate();
  const nameOfId = (id: string | number) => {
    const item = items.find((candidate) => idOf(candidate) === String(id));
    const name = item ? nameOf(item) : translate('sortable.the_item');
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
        screenReaderInstructions: { draggable: translate('sortable.instructions') },
        announcements: {
          onDragStart: ({ active }) => translate('sortable.picked_up', { name: nameOfId(active.id), place: position(active.id), count: ids.length }),
          onDragOver: ({ active, over }) => (over ? translate('sortable.over', { name: nameOfId(active.id), place: position(over.id), count: ids.length }) : translate('sortable.not_over', { name: nameOfId(active.id) })),
          onDragEnd: ({ active, over }) => (over ? translate('sortable.dropped', { name: nameOfId(active.id), place: position(over.id), count: ids.length }) : translate('sortable.dropped_back', { name: nameOfId(active.id) })),
          onDragCancel: ({ active }) => translate('sortable.cancelled', { name: nameOfId(active.id) }),
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
  const translate = useTranslate();
  const handle = disabled && !saving ? null : (
    <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} disabled={saving} aria-label={translate('sortable.drag', { name })} sx={{ cursor: 'grab', touchAction: 'none' }} size="small">
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
