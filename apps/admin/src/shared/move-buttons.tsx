import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from './ui';

/**
 * The row whose move button was pressed last: once the list is drawn in its new order, focus goes
 * back to that row's button (the other one when the row reached an end and the button it pressed is
 * disabled), so a keyboard user can press again without finding the row anew. One list is reordered
 * at a time, so one module-level value serves every list.
 */
let moving: { key: string; by: -1 | 1; from: number } | null = null;

/**
 * "Move up" and "Move down" for a row of an ordered list. While `busy` (the new order is being saved)
 * the buttons refuse clicks without being disabled, which would drop the focus.
 */
export function MoveButtons({
  rowKey,
  label,
  index,
  count,
  busy = false,
  onMove,
}: {
  rowKey: string;
  label: string;
  index: number;
  count: number;
  busy?: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const [moved, setMoved] = useState('');

  useLayoutEffect(() => {
    if (moving?.key !== rowKey || moving.from === index) return;
    const { by } = moving;
    moving = null;
    const pressed = by < 0 ? up.current : down.current;
    const other = by < 0 ? down.current : up.current;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
    setMoved(`${label} moved to position ${index + 1} of ${count}.`);
  }, [rowKey, label, index, count]);

  const press = (by: -1 | 1) => {
    if (busy) return;
    moving = { key: rowKey, by, from: index };
    setMoved('');
    onMove(by);
  };
  return (
    <>
      <Button
        ref={up}
        size="sm"
        variant="ghost"
        aria-label={`Move ${label} up`}
        aria-disabled={busy || undefined}
        disabled={index === 0}
        onClick={() => {
          press(-1);
        }}
      >
        ↑
      </Button>
      <Button
        ref={down}
        size="sm"
        variant="ghost"
        aria-label={`Move ${label} down`}
        aria-disabled={busy || undefined}
        disabled={index === count - 1}
        onClick={() => {
          press(1);
        }}
      >
        ↓
      </Button>
      <span role="status" className="sr-only">
        {moved}
      </span>
    </>
  );
}
