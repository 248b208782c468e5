import { useContext } from 'react';
import { UNSAFE_NavigationContext as NavigationContext, useNavigate } from 'react-router';

/**
 * Whether the current entry is the first of this visit: there is no page of the app to go back to.
 * React Router numbers the entries it makes (`idx` in the browser's history state, `index` of the memory
 * history); replacing an entry keeps its number. Its key is no help: the player writes the episode into
 * the address with a replace, which gives the first entry a new key.
 */
export function isFirstEntry(navigator: unknown): boolean {
  const memoryIndex = (navigator as { index?: unknown }).index;
  if (typeof memoryIndex === 'number') return memoryIndex === 0;
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  // A state the router did not write (another script replaced it) tells nothing: going home stays inside.
  return typeof idx !== 'number' || idx <= 0;
}

/** Goes back one page, or home (in place of this entry) when this page opened the visit. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { navigator } = useContext(NavigationContext);
  return () => {
    if (isFirstEntry(navigator)) void navigate('/', { replace: true });
    else void navigate(-1);
  };
}
