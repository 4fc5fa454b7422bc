import type { MetaFunction } from "@remix-run/cloudflare";
import { PendingPage } from "~/components/pending-page";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Privacy Notice" });

export default function Page() {
  return <PendingPage title="Privacy Notice" />;
}
