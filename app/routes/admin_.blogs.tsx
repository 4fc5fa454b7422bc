import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  ErrorList,
  ErrorSummary,
  Field,
  FormMessage,
  IMAGE_ACCEPT,
  Notices,
  SavedNotice,
  useFormKey,
  VALIDATE_ON_SUBMIT,
  FormToken,
} from "~/components/forms";
import { DeleteConfirmation, ItemActions } from "~/components/moderation";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  createArticle,
  deleteArticle,
  getArticle,
  listArticlesForAdmin,
  setArticleStatus,
  updateArticle,
} from "~/features/articles/article-editor.server";
import { ARTICLE_MESSAGES, ArticleSchema } from "~/features/articles/schema";
import { requireUser } from "~/lib/auth.server";
import { can } from "~/lib/permissions";
import { handleItemIntent } from "~/lib/moderation.server";
import { mediaUrl, shortDate } from "~/lib/media";
import { formAction } from "~/lib/form-action.server";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import { pageMeta } from "~/lib/meta";
import { CurrentImage } from "~/components/current-image";
import { listQuery } from "~/lib/pagination";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { PUBLICATION_STATUSES } from "../../db/enums";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const isAdmin = can(user, "article:moderate");
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const savedId = url.searchParams.get("saved");
  const query = listQuery(url.searchParams, PUBLICATION_STATUSES);
  return {
    formToken: newFormToken(),
    isAdmin,
    lists: isAdmin ? await listArticlesForAdmin(context, query) : null,
    q: query.q,
    status: query.status ?? "",
    editing: isAdmin && editId ? ((await getArticle(context, editId)) ?? null) : null,
    deleting: isAdmin && deleteId ? ((await getArticle(context, deleteId)) ?? null) : null,
    saved: isAdmin && savedId ? await savedArticle(context, savedId) : null,
  };
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const handled = await handleItemIntent(form, {
    basePath: "/admin/blogs",
    remove: (itemId) => deleteArticle(context, user, itemId),
    review: (itemId, status) => setArticleStatus(context, user, itemId, status),
  });
  if (handled) return handled;
  return onceForm(context, form, () =>
    formAction(form, {
      schema: ArticleSchema,
      fallback: id ? "Failed to update blog" : "Failed to create blog",
      run: async (value) => {
        if (id) {
          await updateArticle(context, user, id, value, form);
          return `/admin/blogs?done=updated&saved=${encodeURIComponent(id)}`;
        }
        const row = await createArticle(context, user, value, form);
        return row.status === "published"
          ? `/admin/blogs?done=published&saved=${encodeURIComponent(row.id)}`
          : "/admin/blogs?done=submitted";
      },
    }),
  );
}

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Manage Articles" }),
  { name: "robots", content: "noindex" },
];

/** The saved article for the notice after a save: its title, and its public page once it is out. */
async function savedArticle(context: LoaderFunctionArgs["context"], id: string) {
  const row = await getArticle(context, id);
  if (!row) return null;
  const isPublic = row.status === "published" && row.publishedAt.getTime() <= Date.now();
  return { title: row.title, href: isPublic ? `/blogs/${row.slug}` : null };
}

/** Saves whose notice names the article. */
const SAVED_VERB: Record<string, string> = { published: "published", updated: "updated" };

const DONE: Record<string, string> = {
  submitted: ARTICLE_MESSAGES.pending,
  published: "Article published.",
  updated: "Article updated.",
  deleted: "Article deleted.",
  approved: "Article approved and published.",
  rejected: "Article rejected.",
};

type Article = NonNullable<Awaited<ReturnType<typeof loader>>["editing"]>;

function ArticleForm({
  formToken,
  editing,
  isAdmin,
  lastResult,
}: {
  editing: Article | null;
  isAdmin: boolean;
  lastResult?: SubmissionResult<string[]>;
  formToken: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: editing ? `article-${editing.id}` : "article-new",
    lastResult,
    defaultValue: editing
      ? {
          title: editing.title,
          summary: editing.summary,
          highlight: editing.highlight,
          author: editing.author ?? "",
          category: editing.category ?? "",
          body: editing.body ?? "",
          slug: editing.slug,
          publishedAt: new Date(editing.publishedAt).toISOString().slice(0, 10),
          imageUrl: editing.image?.startsWith("https://") ? editing.image : "",
        }
      : undefined,
    constraint: getZodConstraint(ArticleSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ArticleSchema }),
  });
  const text = (field: (typeof fields)[keyof typeof fields], label: string, type: "text" | "date" | "url" = "text") => (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type })} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
  const area = (field: (typeof fields)[keyof typeof fields], label: string, rows = 3) => (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field)} rows={rows} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="form card" {...getFormProps(form)}>
      <h2>{editing ? "Edit article" : "New article"}</h2>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : <FormToken value={formToken} />}
      {text(fields.title, "Title")}
      {area(fields.summary, "Summary")}
      {area(fields.highlight, "Highlight (a key quote)", 2)}
      {text(fields.author, "Author (optional)")}
      {text(fields.category, "Category (optional)")}
      {text(fields.publishedAt, "Publish on (optional; a future date schedules it)", "date")}
      {isAdmin ? text(fields.slug, "Slug (optional; made from the title)") : null}
      {area(fields.body, "Article text (optional, Markdown)", 10)}
      <CurrentImage src={mediaUrl(editing?.image)} label="Current cover image" />
      <Field
        label="Cover image (JPEG, PNG, WebP or GIF, up to 5 MB)"
        inputProps={{ id: `${form.id}-image`, name: "image", type: "file", accept: IMAGE_ACCEPT }}
        errors={form.allErrors.image}
      />
      {text(fields.imageUrl, "…or an image link (https://)", "url")}
      <p>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {editing ? "Update article" : isAdmin ? "Publish article" : "Submit for review"}
        </button>{" "}
        {editing ? <Link to="/admin/blogs">Cancel</Link> : null}
      </p>
    </Form>
  );
}

function ArticleRow({ article, pending }: { article: Article; pending?: boolean }) {
  return (
    <tr>
      <th scope="row">{article.title}</th>
      <td>{article.status}</td>
      <td>{shortDate(article.publishedAt)}</td>
      <td>
        <ItemActions
          id={article.id}
          label={article.title}
          pending={pending}
          confirmText={ARTICLE_MESSAGES.confirmDelete}
        />
      </td>
    </tr>
  );
}

function ArticleTable({ articles, caption, pending }: { articles: Article[]; caption: string; pending?: boolean }) {
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Status</th>
          <th scope="col">Date</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {articles.map((article) => (
          <ArticleRow key={article.id} article={article} pending={pending} />
        ))}
      </tbody>
    </table>
  );
}

export default function ManageArticles() {
  const { formToken, isAdmin, lists, editing, deleting, saved, q, status } = useLoaderData<typeof loader>();
  const filtered = q !== "" || status !== "";
  const actionData = useActionData<ActionData>();
  const [params] = useSearchParams();
  const doneKey = params.get("done") ?? "";
  const verb = SAVED_VERB[doneKey];
  const done =
    saved && verb ? <SavedNotice what="Article" name={saved.title} verb={verb} href={saved.href} /> : DONE[doneKey];
  const formKey = useFormKey(editing?.id);
  const showForm = isAdmin || params.get("new") === "1" || Boolean(actionData?.result);
  return (
    <div className="page">
      <h1>Manage Articles</h1>
      <Notices success={done} error={actionData?.message} />
      {deleting ? (
        <DeleteConfirmation
          id={deleting.id}
          label={deleting.title}
          message={ARTICLE_MESSAGES.confirmDelete}
          cancelTo="/admin/blogs"
        />
      ) : null}
      {showForm ? (
        <ArticleForm
          key={formKey}
          formToken={formToken}
          editing={editing}
          isAdmin={isAdmin}
          lastResult={actionData?.result}
        />
      ) : (
        <p>
          <Link className="button button--primary" to="?new=1">
            New
          </Link>{" "}
          Submit a legal insight; the firm reviews it before it is published.
        </p>
      )}
      {lists ? (
        <>
          <h2>Awaiting review</h2>
          {lists.pending.length === 0 ? (
            <p className="empty-state">
              {q ? "No article awaiting review matches this search." : "Nothing awaits review."}
            </p>
          ) : (
            <ArticleTable articles={lists.pending} caption="Articles awaiting review" pending />
          )}
          <h2>All articles</h2>
          <ListSearch label="Search articles" q={q} status={status} statuses={PUBLICATION_STATUSES} name="articles" />
          {lists.all.items.length === 0 ? (
            <p className="empty-state">{filtered ? "No articles match these filters." : ARTICLE_MESSAGES.empty}</p>
          ) : (
            <ArticleTable articles={lists.all.items} caption="All articles" />
          )}
          <Pager page={lists.all.page} pages={lists.all.pages} />
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
