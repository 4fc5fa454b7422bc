import { useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { can, type Actor } from "~/lib/permissions";

type RootData = { user: Actor | null } | undefined;

const MODERATE = { Article: "article:moderate", Testimonial: "testimonial:moderate" } as const;

/**
 * '+ Add Article' for a signed-in user, '+ Add/Delete Article' for an admin
 * (and the same for testimonials), leading to the management screen.
 */
export function AddContentLink({ noun, to }: { noun: "Article" | "Testimonial"; to: string }) {
  const root = useRouteLoaderData("root") as RootData;
  const user = root?.user;
  if (!user) return null;
  return (
    <Link className="button button--gold" to={to}>
      {can(user, MODERATE[noun]) ? `+ Add/Delete ${noun}` : `+ Add ${noun}`}
    </Link>
  );
}
