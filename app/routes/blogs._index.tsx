import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { firm } from "~/config/firm";
import { listPublishedArticles } from "~/features/articles/articles.server";
import { shortDate } from "~/lib/media";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return listPublishedArticles(context.db, { page });
}

export const meta: MetaFunction = () =>
  pageMeta({ title: "Legal Insights", description: `Articles on Indian law and practice by ${firm.teamLabel}.`, path: "/blogs" });

export default function Blogs() {
  const { items, page, pages } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Legal Insights</h1>
      {items.length === 0 ? (
        <p>No articles published yet. Check back soon for legal insights.</p>
      ) : (
        <div className="grid">
          {items.map((article) => (
            <article className="card" key={article.id}>
              <span className="chip">{article.category ?? "Insight"}</span>
              <h2>{article.title}</h2>
              <p>{article.summary}</p>
              <blockquote>{article.highlight}</blockquote>
              <p className="field__hint">
                {article.author || firm.teamLabel} · {shortDate(article.publishedAt)}
              </p>
            </article>
          ))}
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="section">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Previous</Link> : null} Page {page} of {pages}{" "}
          {page < pages ? <Link to={`?page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
