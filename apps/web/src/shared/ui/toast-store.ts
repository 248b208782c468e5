/** A tiny toast store usable from React and from plain modules (the API client). */

export type ToastTone = 'info' | 'success' | 'error';

/** A button inside a toast, such as "Undo". Pressing it runs `onPress` and closes the toast. */
export interface ToastAction {
  label: string;
  onPress: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  action?: ToastAction | undefined;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long the toast stays; defaults to about three seconds, longer when it has an action. */
  durationMs?: number;
}

export const TOAST_DURATION_MS = 3000;
/** A toast with a button stays longer: people need time to read it and reach the button. */
export const ACTION_TOAST_DURATION_MS = 6000;
const MAX_VISIBLE = 3;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function schedule(id: number, durationMs = TOAST_DURATION_MS): void {
  const previous = timers.get(id);
  if (previous !== undefined) clearTimeout(previous);
  timers.set(
    id,
    setTimeout(() => {
      dismissToast(id);
    }, durationMs),
  );
}

/** Shows a message for about three seconds. Repeating a visible message restarts its timer instead of stacking it. */
export function toast(message: string, tone: ToastTone = 'info', options: ToastOptions = {}): number {
  const text = message.trim();
  if (!text) return 0;
  const durationMs = options.durationMs ?? (options.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS);
  const same = options.action ? undefined : toasts.find((t) => t.message === text && t.tone === tone && !t.action);
  if (same) {
    schedule(same.id, durationMs);
    return same.id;
  }
  const id = nextId++;
  const next = [...toasts, { id, message: text, tone, action: options.action }];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE))) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  emit(next.slice(-MAX_VISIBLE));
  schedule(id, durationMs);
  return id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  if (toasts.length) emit([]);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
