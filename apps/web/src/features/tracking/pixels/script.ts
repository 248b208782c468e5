/** A script injected into `<head>`; `loaded` settles when it has run (true) or failed to load (false). */
export interface InjectedScript {
  element: HTMLScriptElement;
  loaded: Promise<boolean>;
}

/** Adds an async script to `<head>` (how every pixel's snippet loads its library). */
export function injectScript(src: string, attributes: Record<string, string> = {}): InjectedScript {
  const element = document.createElement('script');
  element.async = true;
  element.src = src;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const loaded = new Promise<boolean>((resolve) => {
    element.addEventListener('load', () => {
      resolve(true);
    });
    element.addEventListener('error', () => {
      resolve(false);
    });
  });
  document.head.appendChild(element);
  return { element, loaded };
}

/** The address with extra query parameters (the configured script host may carry its own). */
export function withParams(src: string, params: Record<string, string>): string {
  const url = new URL(src, window.location.href);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** Pixel ids of one setting: several may be given, separated by commas or spaces. */
export function pixelIds(value: string): string[] {
  return [...new Set(value.split(/[\s,]+/).filter((id) => /^[\w.-]{2,64}$/.test(id)))];
}
