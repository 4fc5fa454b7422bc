import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { Pager } from "~/components/pager";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { formatReceived } from "~/features/consultation/consultation.server";
import { listOutbox } from "~/features/consultation/outbox.server";
import { requirePermission } from "~/lib/permissions.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { pageNumber } from "~/lib/pagination";
import consultationStylesHref from "~/styles/consultation.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: consultationStylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "outbox:read");
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const list = await listOutbox(context, { page });
  return {
    ...list,
    local: context.env.APP_ENV === "local",
    items: list.items.map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      kind: mail.kind,
      status: mail.status,
      attempts: mail.attempts,
      lastError: mail.lastError,
      text: mail.text,
      html: mail.html,
      created: formatReceived(mail.createdAt),
      createdIso: mail.createdAt.toISOString(),
      sent: mail.sentAt ? formatReceived(mail.sentAt) : null,
    })),
  };
}

export default function Outbox() {
  const { items, total, page, pages, local } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Mail Outbox</h1>
      <p className="lead">
        {total} message{total === 1 ? "" : "s"}, newest first.{" "}
        {local
          ? "This is the local mailbox: each mail as delivered, one-time links in full."
          : "It records every delivery and its result; one-time links are hidden."}{" "}
        <Link to="/admin/consultations">Consultation requests</Link>
      </p>
      {items.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <DataTable
          wrap="inbox-table-wrap"
          className="inbox-table"
          caption="Outgoing mail, newest first"
          headers={["Created", "To", "Subject and text", "Kind", "Status", "Attempts"]}
        >
          {items.map((mail) => (
            <tr key={mail.id}>
              <td>
                <time dateTime={mail.createdIso}>{mail.created}</time>
                {mail.sent ? <div className="field__hint">sent {mail.sent}</div> : null}
              </td>
              <td>{mail.to}</td>
              <td>
                <details>
                  <summary>{mail.subject}</summary>
                  <pre className="outbox-text">{mail.text}</pre>
                  {mail.html ? (
                    <details>
                      <summary>HTML source</summary>
                      <pre className="outbox-text">{mail.html}</pre>
                    </details>
                  ) : null}
                </details>
              </td>
              <td>{mail.kind}</td>
              <td>
                <span className={`badge badge--${mail.status}`}>{mail.status}</span>
                {mail.lastError ? <div className="field__error">{mail.lastError}</div> : null}
              </td>
              <td>{mail.attempts}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pages={pages} previous="← Newer" next="Older →" />
    </div>
  );
}

export const meta: MetaFunction = withStatusMeta(() => pageMeta({ title: "Mail Outbox" }));

export const ErrorBoundary = RouteErrorBoundary;
