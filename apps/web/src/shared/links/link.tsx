import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

/**
 * The app's links, built on React Router's hooks. React Router's own `<Link>` also carries framework
 * mode (route-module prefetching, view transitions, the data router's contexts), which the viewer app
 * does not use and which would be part of every first load (about 5 KB gzip with `useRoutes`).
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of pushing a new one. */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** An `<a>` with a real `href` (open in a new tab, copy the address) that navigates in the app on a plain click. */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** Whether `pathname` is `target` or, unless `end`, a path below it. */
export function isActivePath(pathname: string, target: string, end = false): boolean {
  const strip = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
  const current = strip(pathname);
  const base = strip(target);
  if (current === base) return true;
  return !end && (base === '/' || current.startsWith(`${base}/`));
}

/** A link that knows whether it points at the current page (`aria-current="page"`, and its class). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = isActivePath(pathname, useResolvedPath(to).pathname, end);
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
