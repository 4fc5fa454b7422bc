import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from "@remix-run/react";
import { forwardRef, type AnchorHTMLAttributes, type ForwardedRef } from "react";
import { useIslandsDocument } from "./islands-document";

/**
 * The app's `<Link>` and `<NavLink>` (import them from here: eslint.config.js): Remix's own on a document
 * that hydrates, and a plain `<a>` with the same attributes on an islands document, which never runs
 * React in the browser (app/lib/hydration.ts). Remix's link resolves its path through the router, sets
 * up prefetching and a click handler, and builds a dozen closures for each link, about 2 KB of garbage a
 * link and some 40 links a page; on a page that does not hydrate none of it is ever used
 * (docs/decisions/109-render-garbage.md). Only a `to` the plain link resolves exactly as the router does
 * takes that path: an absolute path (`/blogs?page=2#top`) or a search on the current page (`?page=2`);
 * anything else (relative paths, objects) goes through Remix's link on either kind of document.
 */
export const Link = forwardRef(function Link(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const islands = useIslandsDocument();
  if (islands && plainTo(props.to))
    return props.to.startsWith("?") ? <PlainSearchLink {...props} /> : <a {...anchorProps(props, "")} />;
  return <RemixLink {...props} ref={ref} />;
});

export const NavLink = forwardRef(function NavLink(props: NavLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const islands = useIslandsDocument();
  if (islands && plainTo(props.to)) return <PlainNavLink {...props} />;
  return <RemixNavLink {...props} ref={ref} />;
});

/** A path the router would leave as it is: absolute, not protocol-relative, or a search on this page. */
const PLAIN_TO = /^(?:\/(?!\/)|\?[^#])/;
const plainTo = (to: LinkProps["to"]): to is string => typeof to === "string" && PLAIN_TO.test(to);

/**
 * The attributes Remix's link renders on the server, in its order: the caller's own, `data-discover`
 * (unless `discover="none"` or `reloadDocument`), `href`, `target`. The router-only props go nowhere.
 */
function anchorProps(props: LinkProps, pathname: string): AnchorHTMLAttributes<HTMLAnchorElement> {
  /* eslint-disable @typescript-eslint/no-unused-vars -- taken out so they never reach the <a> */
  const {
    to,
    target,
    discover = "render",
    prefetch,
    reloadDocument,
    replace,
    state,
    preventScrollReset,
    relative,
    viewTransition,
    unstable_viewTransition,
    ...rest
  } = props as LinkProps & { unstable_viewTransition?: boolean };
  /* eslint-enable @typescript-eslint/no-unused-vars */
  const href = (to as string).startsWith("?") ? pathname + to : (to as string);
  return {
    ...rest,
    ...(discover === "render" && !reloadDocument ? { "data-discover": "true" } : {}),
    href,
    target,
  } as AnchorHTMLAttributes<HTMLAnchorElement>;
}

/** A link to a search on the current page: the only plain link that reads the router's location. */
function PlainSearchLink(props: LinkProps) {
  const { pathname } = useLocation();
  return <a {...anchorProps(props, pathname)} />;
}

/**
 * NavLink's rule for "active", as React Router's: the location is the link's path or below it (`end`: only
 * the path itself), case-insensitive unless `caseSensitive`. On the server nothing is pending or in a
 * view transition.
 */
function PlainNavLink(props: NavLinkProps) {
  const { pathname } = useLocation();
  const {
    "aria-current": ariaCurrent = "page",
    caseSensitive = false,
    className: classNameProp = "",
    end = false,
    style: styleProp,
    children,
    ...linkProps
  } = props;
  const to = props.to as string;
  let toPathname = to.startsWith("?") ? pathname : to.replace(/[?#].*$/, "");
  let locationPathname = pathname;
  if (!caseSensitive) {
    toPathname = toPathname.toLowerCase();
    locationPathname = locationPathname.toLowerCase();
  }
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === "function"
      ? classNameProp(state)
      : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  const style = typeof styleProp === "function" ? styleProp(state) : styleProp;
  const { href, target, ...attributes } = anchorProps(linkProps as LinkProps, pathname);
  return (
    <a
      {...attributes}
      aria-current={isActive ? ariaCurrent : undefined}
      className={className}
      style={style}
      href={href}
      target={target}
    >
      {typeof children === "function" ? children(state) : children}
    </a>
  );
}
