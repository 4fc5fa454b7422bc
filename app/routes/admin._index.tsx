import { PendingPage } from "~/components/pending-page";

export default function AdminHome() {
  return <PendingPage title="Admin Dashboard" />;
}
