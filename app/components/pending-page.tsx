/**
 * A page whose screen belongs to a later issue. It renders inside the full
 * shell with a real heading, so every route in the spec answers 200 today.
 */
export function PendingPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      {children ?? <p className="lead">This page is being prepared. Please check back soon.</p>}
    </div>
  );
}
