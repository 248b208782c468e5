/** Minimal toast store for the console (messages of code-500 answers and transport failures). */

export interface Toast {
  id: number;
  message: string;
}

const DURATION_MS = 4000;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export function toast(message: string): void {
  const text = message.trim();
  if (!text || toasts.some((t) => t.message === text)) return;
  const id = nextId++;
  emit([...toasts, { id, message: text }].slice(-3));
  setTimeout(() => {
    dismissToast(id);
  }, DURATION_MS);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
