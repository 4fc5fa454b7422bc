import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { Notices, SubmitOnceForm } from "~/components/forms";
import { ListSearch } from "~/components/list-search";
import { ConfirmedButton, IntentButton } from "~/components/moderation";
import { Pager } from "~/components/pager";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { filterChoice, pageNumber } from "~/lib/pagination";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requirePermission } from "~/lib/permissions.server";
import type { TrashKind } from "~/lib/trash.server";
import { deleteForever, getTrashItem, listTrash, restoreFromTrash, TRASH_RETENTION_DAYS } from "~/lib/trash.server";

/** What the trash calls each kind of item. */
const KIND_LABELS: Record<TrashKind, string> = {
  article: "Article",
  testimonial: "Testimonial",
  service: "Service",
  "sub-service": "Sub-service",
  founder: "Founder",
  quiz: "Quiz",
  application: "Teacher application",
};
const TRASH_KINDS = Object.keys(KIND_LABELS) as TrashKind[];

const dateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});
const formatDate = (value: Date) => `${dateTime.format(value)} IST`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "trash:manage");
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const kind = filterChoice(url.searchParams.get("status"), TRASH_KINDS);
  const found = await listTrash(context, { q, kind, page: pageNumber(url.searchParams.get("page")) });
  const items = found.items.map((item) => ({
    id: item.id,
    kind: KIND_LABELS[item.kind] ?? item.kind,
    label: item.label,
    deletedBy: item.deletedByEmail ?? "—",
    deleted: formatDate(item.deletedAt),
    deletedIso: item.deletedAt.toISOString(),
    purge: formatDate(item.purgeAt),
    extra: [
      item.dependentCount > 0 ? `${item.dependentCount} related row${item.dependentCount === 1 ? "" : "s"}` : "",
      item.fileCount > 0 ? `${item.fileCount} file${item.fileCount === 1 ? "" : "s"}` : "",
    ]
      .filter(Boolean)
      .join(", "),
  }));
  const foreverId = url.searchParams.get("forever");
  const forever = foreverId ? await getTrashItem(context, foreverId) : null;
  return {
    items,
    page: found.page,
    pages: found.pages,
    q,
    kind: kind ?? "",
    days: TRASH_RETENTION_DAYS,
    confirming: forever
      ? { id: forever.id, kind: KIND_LABELS[forever.kind] ?? forever.kind, label: forever.label }
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "trash:manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    switch (intent) {
      case "restore": {
        const item = await restoreFromTrash(context, user, id);
        return redirect(`/admin/trash?done=restored&what=${encodeURIComponent(item.label)}`, 303);
      }
      // Without JavaScript there is no confirm() dialog: this step asks, the next post deletes.
      case "confirm-forever":
        return redirect(`/admin/trash?forever=${encodeURIComponent(id)}`, 303);
      case "forever": {
        const item = await deleteForever(context, user, id);
        return redirect(`/admin/trash?done=deleted&what=${encodeURIComponent(item.label)}`, 303);
      }
      default:
        return data({ message: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof HttpError) return data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Trash" }));

export default function Trash() {
  const { items, page, pages, q, kind, days, confirming } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ message: string }>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [params] = useSearchParams();
  const done = params.get("done");
  const what = params.get("what") ?? "The item";
  return (
    <section aria-labelledby="trash-title">
      <h1 id="trash-title">Trash</h1>
      <p>
        Deleted articles, testimonials, services, sub-services, founders, quizzes and teacher applications wait here for{" "}
        {days} days: the public no longer sees them, and their files are kept until they are deleted for good. Every
        change is listed in the <Link to="/admin/activity">activity log</Link>.
      </p>
      {done === "restored" ? (
        <p className="alert alert--success" role="status">
          Restored: “{what}” is back where it was.
        </p>
      ) : done === "deleted" ? (
        <p className="alert alert--success" role="status">
          Deleted forever: “{what}” and its files.
        </p>
      ) : null}
      <Notices error={actionData?.message} />
      {confirming ? (
        <div className="card" role="alertdialog" aria-labelledby="confirm-forever">
          <h2 id="confirm-forever">Delete this {confirming.kind.toLowerCase()} forever, with its files?</h2>
          <p>“{confirming.label}” cannot be restored afterwards.</p>
          <SubmitOnceForm method="post">
            <input type="hidden" name="id" value={confirming.id} />
            <button type="submit" name="intent" value="forever" className="button button--danger" disabled={busy}>
              Delete forever
            </button>{" "}
            <Link to="/admin/trash">Cancel</Link>
          </SubmitOnceForm>
        </div>
      ) : null}
      <ListSearch
        label="Search the trash"
        q={q}
        status={kind}
        statuses={TRASH_KINDS}
        statusLabel="Kind"
        allStatuses="All kinds"
        name="trash"
      />
      {items.length === 0 ? (
        <p className="empty-state">
          {q || kind ? "Nothing in the trash matches these filters." : "The trash is empty."}
        </p>
      ) : (
        <DataTable
          wrap="table-scroll"
          caption="Deleted items, newest first"
          headers={["Item", "Kind", "Deleted", "Purged on", "Actions"]}
        >
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {item.label}
                {item.extra ? <div className="field__hint">with {item.extra}</div> : null}
              </th>
              <td>{item.kind}</td>
              <td>
                <time dateTime={item.deletedIso}>{item.deleted}</time>
                <div className="field__hint">by {item.deletedBy}</div>
              </td>
              <td>{item.purge}</td>
              <td>
                <SubmitOnceForm method="post" className="inline-form">
                  <input type="hidden" name="id" value={item.id} />
                  <IntentButton
                    intent="restore"
                    label={`Restore ${item.label}`}
                    className="button button--primary"
                    busy={busy}
                  >
                    Restore
                  </IntentButton>
                </SubmitOnceForm>{" "}
                <ConfirmedButton
                  id={item.id}
                  value="forever"
                  unconfirmed="confirm-forever"
                  question={`Delete “${item.label}” forever, with its files?`}
                  label={`Delete ${item.label} forever`}
                  busy={busy}
                >
                  Delete forever
                </ConfirmedButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pages={pages} label="Trash pages" />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
