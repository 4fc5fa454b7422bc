import { Form, useLocation } from "@remix-run/react";
import { Link, NavLink } from "~/components/link";
import { useEffect, useRef } from "react";
import { firm } from "~/config/firm";
import { MAIN_NAV } from "~/config/navigation";
import { closeOnEscape } from "~/islands/disclosure";
import { homePathFor, type Role } from "~/lib/permissions";
import { ContactDial } from "./contact-dial";

export type HeaderUser = { id: string; fullName: string; role: Role } | null;

/**
 * The main navigation. On narrow screens the menu is a <details> disclosure,
 * so it opens and closes without JavaScript; with JavaScript it also closes
 * on every route change and on Escape.
 */
export function SiteHeader({ user }: { user: HeaderUser }) {
  const location = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.pathname, location.search]);

  useEffect(() => (menuRef.current ? closeOnEscape(menuRef.current) : undefined), []);

  const firstName = user?.fullName.split(/\s+/)[0] ?? "";

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={`${firm.name}, home`}>
          <span className="brand__mark" aria-hidden="true">
            S&amp;R
          </span>
          <span className="brand__text">
            <span className="brand__name">{firm.name}</span>
            <span className="brand__tagline">{firm.tagline}</span>
          </span>
        </Link>
        <details className="menu" ref={menuRef}>
          <summary className="menu__toggle" aria-label="Menu">
            <span className="menu__icon" aria-hidden="true" />
            <span className="menu__label">Menu</span>
          </summary>
          <nav className="menu__panel" aria-label="Main">
            <ul className="menu__list">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === "/"} prefetch="intent">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="menu__account">
              {user ? (
                <>
                  <span className="menu__greeting">Hello, {firstName}</span>
                  <NavLink to={homePathFor(user)} className="menu__dashboard">
                    Dashboard
                  </NavLink>
                  <Form method="post" action="/logout">
                    <button type="submit" className="button button--ghost">
                      Logout
                    </button>
                  </Form>
                </>
              ) : (
                <NavLink to="/login" className="button button--primary">
                  Login
                </NavLink>
              )}
            </div>
          </nav>
        </details>
        <ContactDial />
      </div>
    </header>
  );
}
