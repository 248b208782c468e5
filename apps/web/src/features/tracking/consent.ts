import type { ConsentDecision, ConsentMode } from '@episodic/contract';
import { readStored, writeStored } from '../../shared/storage';

/** Where the visitor's answer to the consent banner is remembered. */
export const CONSENT_STORAGE_KEY = 'trackingConsent';

export interface ConsentState {
  /** `off` until the configuration says otherwise: then pixels start without asking (specification §4). */
  mode: ConsentMode;
  decision: ConsentDecision | null;
  /** The banner is open again because the visitor asked to change their choice. */
  reviewing: boolean;
}

type Listener = (state: ConsentState) => void;

function storedDecision(): ConsentDecision | null {
  const value = readStored(CONSENT_STORAGE_KEY);
  return value === 'granted' || value === 'denied' ? value : null;
}

let state: ConsentState = { mode: 'off', decision: storedDecision(), reviewing: false };
const listeners = new Set<Listener>();

function set(next: ConsentState): void {
  state = next;
  for (const listener of [...listeners]) listener(state);
}

export const consent = {
  get: (): ConsentState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** The operator's consent mode, from the configuration. */
  configure(mode: ConsentMode): void {
    set({ ...state, mode, decision: storedDecision() });
  },
  /** The visitor's answer: remembered on this device. */
  decide(decision: ConsentDecision): void {
    writeStored(CONSENT_STORAGE_KEY, decision);
    set({ ...state, decision, reviewing: false });
  },
  /** Opens the banner again (the footer's "Privacy choices"). */
  review(): void {
    set({ ...state, reviewing: true });
  },
};

/** Whether the banner is to be shown: consent required, and not answered yet or being reviewed. */
export function consentBannerOpen(s: ConsentState): boolean {
  return s.mode === 'required' && (s.decision === null || s.reviewing);
}

/** Whether marketing pixels may run now. */
export function pixelsAllowed(s: ConsentState): boolean {
  return s.mode === 'off' || s.decision === 'granted';
}
