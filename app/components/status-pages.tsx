import { Link } from "~/components/link";

/** The not-found page ("Page Under Construction", docs/product.md#messages). */
export function NotFoundPage() {
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-page__code">404</p>
      <h1 id="status-title">Page Under Construction</h1>
      <p>The page you are looking for does not exist yet or has moved. These pages may help:</p>
      <ul className="status-page__links">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/about">About</Link>
        </li>
        <li>
          <Link to="/blogs">Legal Insights</Link>
        </li>
        <li>
          <Link to="/practice-areas">Practice Areas</Link>
        </li>
        <li>
          <Link to="/contact">Contact Team</Link>
        </li>
      </ul>
    </section>
  );
}

const FORBIDDEN = "❌ Forbidden: Insufficient Permissions";

/** The guard's 403 page; a page may add its own words (e.g. '⛔ Access denied'). */
export function ForbiddenPage({ message }: { message?: string }) {
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-page__code">403</p>
      <h1 id="status-title">{FORBIDDEN}</h1>
      {message && message !== FORBIDDEN ? (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      ) : null}
      <p>Your account does not have access to this page.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}

export function ErrorPage({ status, message }: { status: number; message?: string }) {
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-page__code">{status}</p>
      <h1 id="status-title">
        {status >= 500 ? "Something went wrong" : message || "This request could not be completed"}
      </h1>
      <p>
        {status >= 500
          ? "We could not show this page just now. Please try again in a moment."
          : "Please check the address or go back and try again."}
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
