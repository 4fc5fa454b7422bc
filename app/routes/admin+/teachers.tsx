import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { IntentButton, ReviewButtons, ReviewConfirmation } from "~/components/moderation";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ReviewSchema } from "~/features/teachers/schema";
import { cvDownloadPath } from "~/features/teachers/paths";
import {
  deleteApplication,
  listApplications,
  pageTeachers,
  pendingApplication,
  reviewApplication,
} from "~/features/teachers/teachers.server";
import { type AuthUser } from "~/lib/auth.server";
import { can } from "~/lib/permissions";
import { requireSignedIn } from "~/lib/permissions.server";
import { HttpError, parseApiPayload } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { filterChoice, pageNumber } from "~/lib/pagination";
import { Notices, SubmitOnceForm } from "~/components/forms";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";

const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
const REVIEW_INTENTS = ["approve", "reject"] as const;

/** The question before a review, which mails the applicant at once. */
function reviewQuestion(intent: (typeof REVIEW_INTENTS)[number], application: { fullName: string; email: string }) {
  return intent === "approve"
    ? `Approve the application of ${application.fullName}? ${application.email} gets the teacher role and is emailed at once.`
    : `Reject the application of ${application.fullName}? ${application.email} is emailed at once.`;
}
import teachersStylesHref from "~/styles/teachers.css?url";
import { logError } from "~/lib/log.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachersStylesHref }];

/**
 * Admins only: visitors go to /login, everyone else to the home page (docs/product.md#staff-pages); an
 * admin confined to /account/security by the staff two-factor rule is sent there (requireSignedIn).
 */
async function requireAdmin(request: Request, context: LoaderFunctionArgs["context"]): Promise<AuthUser> {
  const user = await requireSignedIn(request, context);
  if (!can(user, "teacher:manage")) throw redirect("/");
  return user;
}

const TEACHERS_ERROR = "Failed to fetch teachers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const status = filterChoice(url.searchParams.get("status"), APPLICATION_STATUSES);
  let teachers: Awaited<ReturnType<typeof pageTeachers>> | null = null;
  try {
    teachers = await pageTeachers(context, { q, page: pageNumber(url.searchParams.get("tpage")) });
  } catch (error) {
    logError(error, { where: "could not list teachers" });
  }
  // The no-JavaScript confirmation step before a review mails the applicant (?review=approve&id=…).
  const review = filterChoice(url.searchParams.get("review"), REVIEW_INTENTS);
  const reviewing = review ? await pendingApplication(context, url.searchParams.get("id") ?? "") : null;
  return {
    confirming: review && reviewing ? { intent: review, ...reviewing } : null,
    teachers,
    teachersError: teachers ? null : TEACHERS_ERROR,
    applications: await listApplications(context, { q, status, page: pageNumber(url.searchParams.get("page")) }),
    q,
    status: status ?? "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "confirm-approve" || intent === "confirm-reject") {
      const id = String(form.get("id") ?? "");
      return redirect(`/admin/teachers?review=${intent.slice("confirm-".length)}&id=${encodeURIComponent(id)}`, 303);
    }
    if (intent === "trash") {
      await deleteApplication(context, actor, String(form.get("id") ?? ""));
      return redirect("/admin/teachers?done=trashed", 303);
    }
    const input = await parseApiPayload(ReviewSchema, {
      id: form.get("id") ?? undefined,
      decision: intent === "approve" ? "approved" : intent === "reject" ? "rejected" : undefined,
    });
    const application = await reviewApplication(context, actor, input.id, input.decision);
    return redirect(`/admin/teachers?done=${input.decision}&who=${encodeURIComponent(application.email)}`, 303);
  } catch (error) {
    if (error instanceof HttpError) return data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Teachers" }));

type Applications = Awaited<ReturnType<typeof loader>>["applications"];
type Application = Applications["pending"][number];

const dateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});
const formatDate = (value: string | Date | null) => (value ? `${dateTime.format(new Date(value))} IST` : "");

function ApplicationDetails({ application }: { application: Application }) {
  const rows: Array<[string, string]> = [
    ["Email", application.email],
    ["Phone number", application.phoneNumber],
    ["Subject to teach", application.subjectToTeach],
    ["Educational qualification", application.educationalQualification],
    ["Previous workplace", application.previousWorkPlace],
    ["Work experience", application.workExperience],
    ["Reason", application.reason],
    ["Applied", formatDate(application.createdAt)],
  ];
  return (
    <dl className="application__details">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <dt>CV</dt>
      <dd>
        <a href={cvDownloadPath(application.id)} download aria-label={`Download the CV of ${application.fullName}`}>
          {application.cvName}
        </a>
      </dd>
    </dl>
  );
}

/** An application's card: the applicant's name, what the list shows of it, and the trash button. */
function ApplicationCard({
  application,
  busy,
  children,
}: {
  application: Application;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <article className="card application" aria-labelledby={`application-${application.id}`}>
      <h3 id={`application-${application.id}`}>{application.fullName}</h3>
      {children}
      <TrashButton application={application} busy={busy} />
    </article>
  );
}

/** Moving an application to the trash is undone at /admin/trash, so it asks no confirmation. */
function TrashButton({ application, busy }: { application: Application; busy: boolean }) {
  return (
    <SubmitOnceForm method="post" className="application__trash">
      <input type="hidden" name="id" value={application.id} />
      <IntentButton
        intent="trash"
        label={`Move the application of ${application.fullName} to the trash`}
        className="button button--ghost"
        busy={busy}
      >
        Move to trash
      </IntentButton>
    </SubmitOnceForm>
  );
}

export default function ManageTeachers() {
  const { confirming, teachers, teachersError, applications, q, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ message: string }>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const done = params.get("done");
  const who = params.get("who") ?? "the applicant";
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="teachers-title">
      <h1 id="teachers-title">Manage Teachers</h1>
      {done === "approved" ? (
        <p className="alert alert--success" role="status">
          Application approved: {who} now has the teacher role and has been emailed.
        </p>
      ) : done === "rejected" ? (
        <p className="alert alert--success" role="status">
          Application rejected: {who} has been emailed.
        </p>
      ) : done === "trashed" ? (
        <p className="alert alert--success" role="status">
          Application moved to the trash (an admin can restore it for 30 days at <a href="/admin/trash">Trash</a>).
        </p>
      ) : null}
      <Notices error={actionData?.message} />
      {confirming ? (
        <ReviewConfirmation
          id={confirming.id}
          intent={confirming.intent}
          question={reviewQuestion(confirming.intent, confirming)}
          action={confirming.intent === "approve" ? "Approve and email" : "Reject and email"}
          cancelTo="/admin/teachers"
        />
      ) : null}

      <ListSearch
        label="Search teachers and applications"
        q={q}
        status={status}
        statuses={APPLICATION_STATUSES}
        statusLabel="Application status"
        allStatuses="All applications"
        name="teachers"
      />
      <h2>Teachers</h2>
      {teachersError ? (
        <p className="alert alert--danger" role="alert">
          {teachersError}
        </p>
      ) : teachers && teachers.items.length === 0 ? (
        <p className="empty-state">
          {q
            ? "No teachers match this search."
            : "No teachers yet. Approve an application below, or add a teacher at Manage Roles."}
        </p>
      ) : teachers ? (
        <DataTable wrap="table-scroll" headers={["Name", "Email", "Subject", "Qualification", "Phone", "Account"]}>
          {teachers.items.map((teacher) => (
            <tr key={teacher.email}>
              <th scope="row">{teacher.fullName || "—"}</th>
              <td>{teacher.email}</td>
              <td>{teacher.subjectToTeach || "—"}</td>
              <td>{teacher.educationalQualification || "—"}</td>
              <td>{teacher.phoneNumber || "—"}</td>
              <td>{teacher.hasAccount ? "Registered" : "No account yet"}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {teachers ? <Pager page={teachers.page} pages={teachers.pages} param="tpage" label="Teacher pages" /> : null}

      <h2>Applications awaiting review</h2>
      {applications.pending.length === 0 ? (
        <p className="empty-state">
          {q || status ? "No application awaiting review matches these filters." : "No applications await review."}
        </p>
      ) : null}
      {applications.pending.map((application) => (
        <ApplicationCard key={application.id} application={application} busy={busy}>
          <ApplicationDetails application={application} />
          <ReviewButtons
            id={application.id}
            label={`the application of ${application.fullName}`}
            busy={busy}
            confirm={{
              approve: reviewQuestion("approve", application),
              reject: reviewQuestion("reject", application),
            }}
          />
        </ApplicationCard>
      ))}

      <h2>Reviewed applications</h2>
      {applications.reviewed.length === 0 ? (
        <p className="empty-state">
          {q || status ? "No reviewed application matches these filters." : "No reviewed applications yet."}
        </p>
      ) : null}
      {applications.reviewed.map((application) => (
        <ApplicationCard key={application.id} application={application} busy={busy}>
          <p>
            <strong>{application.status === "approved" ? "Approved" : "Rejected"}</strong>{" "}
            {formatDate(application.reviewedAt)}
            {application.reviewerName ? ` by ${application.reviewerName}` : ""}
          </p>
          <details>
            <summary>Application details</summary>
            <ApplicationDetails application={application} />
          </details>
        </ApplicationCard>
      ))}
      <Pager
        page={applications.reviewedPage.page}
        pages={applications.reviewedPage.pages}
        label="Reviewed application pages"
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
