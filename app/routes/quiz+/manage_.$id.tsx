import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { ErrorSummary, Field, FormMessage, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { FacilityChart, ScoreHistogram } from "~/features/quiz/components/charts";
import { formatDuration } from "~/features/quiz/format";
import { getQuizAnalysis, grantExtraTimeByEmail, listResultsForQuiz, quizTime } from "~/features/quiz/quiz.server";
import { ExtraTimeSchema, MAX_EXTRA_MINUTES } from "~/features/quiz/schema";
import { HttpError } from "~/lib/http.server";
import { formAction } from "~/lib/form-action.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  try {
    const now = new Date();
    const { quiz, results } = await listResultsForQuiz(context, user, params.id ?? "", now);
    return {
      quiz,
      // One row per attempt, its start in India time as the page shows it.
      results: results.map((result) => ({ ...result, startedLabel: quizTime(result.startedAt) })),
      // The item analysis (each taker's first attempt), for the charts and the table below them.
      analysis: await getQuizAnalysis(context, user, params.id ?? "", now),
    };
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

type ExtraTimeReply = { result: SubmissionResult<string[]>; message?: string };

/** Extra time for a taker: the schema's errors, and a refusal naming the email, next to their field. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  return formAction(await request.formData(), {
    schema: ExtraTimeSchema,
    fallback: "The extra time could not be saved",
    run: async (value) => {
      await grantExtraTimeByEmail(context, user, params.id ?? "", value);
      return { stay: { message: `Extra time saved for ${value.email}.` } };
    },
  });
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Quiz Results" }));

export default function QuizResults() {
  const { quiz, results, analysis } = useLoaderData<typeof loader>();
  const outcome = useActionData<ExtraTimeReply>();
  return (
    <div className="page">
      <h1>Results: {quiz.title}</h1>
      <p>
        <a href={`/quiz/manage/${quiz.id}/results.csv`} download>
          Download CSV
        </a>{" "}
        · <Link to="/quiz/manage">Back to manage</Link>
      </p>
      {results.length === 0 ? (
        <p>No results found.</p>
      ) : (
        <DataTable
          caption="Every attempt, newest first"
          headers={["Taker", "Email", "Attempt", "Started (IST)", "Duration", "Score", "Review"]}
        >
          {results.map((result) => (
            <tr key={result.id}>
              <th scope="row">{result.user.fullName}</th>
              <td>{result.user.email}</td>
              <td>{result.attemptNumber}</td>
              <td>{result.startedLabel}</td>
              <td>{formatDuration(result.durationMs)}</td>
              <td>
                {result.score} / {result.total}
              </td>
              <td>
                <Link
                  to={result.reviewPath}
                  aria-label={`Review attempt ${result.attemptNumber} of ${result.user.fullName || result.user.email}`}
                >
                  Review
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <QuizAnalysisSection analysis={analysis} quizId={quiz.id} />
      <h2>Extra time for a taker</h2>
      <p>
        An accommodation for one person (for example under WCAG 2.2.1): it is added to their open attempt and to their
        next one.
      </p>
      <ExtraTimeForm lastResult={outcome?.result} message={outcome?.message} />
    </div>
  );
}

/** The extra-time form: Conform keeps what was typed and shows each refusal next to its field, with JavaScript or without. */
function ExtraTimeForm({ lastResult, message }: { lastResult?: SubmissionResult<string[]>; message?: string }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "extra-time",
    lastResult,
    defaultValue: { minutes: "10" },
    constraint: getZodConstraint(ExtraTimeSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExtraTimeSchema }),
  });
  return (
    <SubmitOnceForm method="post" className="form" style={{ maxWidth: 420 }} {...getFormProps(form)}>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} success={message} />
      <Field
        label="Taker's email"
        inputProps={getInputProps(fields.email, { type: "email" })}
        errors={fields.email.errors}
      />
      <Field
        label="Extra minutes"
        hint={`0 to ${MAX_EXTRA_MINUTES}; 0 removes the extra time.`}
        inputProps={{ ...getInputProps(fields.minutes, { type: "number" }), step: 1 }}
        errors={fields.minutes.errors}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        Save extra time
      </button>
    </SubmitOnceForm>
  );
}

const LETTERS = ["A", "B", "C", "D"];
const figure = (value: number | null, digits = 2) => (value === null ? "—" : value.toFixed(digits));
const share = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);

type Analysis = ReturnType<typeof useLoaderData<typeof loader>>["analysis"];

/** The item analysis: the charts, then their numbers in tables (readable without JavaScript). */
function QuizAnalysisSection({ analysis, quizId }: { analysis: Analysis; quizId: string }) {
  return (
    <section aria-labelledby="analysis-title" className="quiz-analysis">
      <h2 id="analysis-title">Item analysis</h2>
      {analysis.takers === 0 ? (
        <p>No finished attempts yet.</p>
      ) : (
        <>
          <p>
            Each taker&apos;s first finished attempt counts ({analysis.takers} takers).{" "}
            <a href={`/quiz/manage/${quizId}/analysis.csv`} download>
              Download the analysis (CSV)
            </a>
          </p>
          <h3>Score distribution</h3>
          <ScoreHistogram analysis={analysis} />
          <DataTable caption="Quiz figures" captionVisible>
            <tr>
              <th scope="row">Takers</th>
              <td>{analysis.takers}</td>
            </tr>
            <tr>
              <th scope="row">Mean score</th>
              <td>
                {figure(analysis.mean)} / {analysis.maxScore}
              </td>
            </tr>
            <tr>
              <th scope="row">Median score</th>
              <td>{figure(analysis.median)}</td>
            </tr>
            <tr>
              <th scope="row">Standard deviation</th>
              <td>{figure(analysis.standardDeviation)}</td>
            </tr>
            <tr>
              <th scope="row">KR-20 (reliability)</th>
              <td>{figure(analysis.kr20)}</td>
            </tr>
          </DataTable>
          <DataTable caption="Takers per total score" captionVisible headers={["Score", "Takers"]}>
            {analysis.distribution.map((bar) => (
              <tr key={bar.score}>
                <th scope="row">{bar.score}</th>
                <td>{bar.count}</td>
              </tr>
            ))}
          </DataTable>
          <h3>Questions</h3>
          <FacilityChart items={analysis.items} />
          <DataTable
            caption="Per question: facility (share correct), discrimination (upper vs lower 27%), choices"
            captionVisible
            headers={["Question", "Facility", "Discrimination", ...LETTERS, "Skips", "Flags"]}
          >
            {analysis.items.map((item) => (
              <tr key={item.key}>
                <th scope="row">
                  Q{item.number}. {item.text}
                </th>
                <td>{share(item.facility)}</td>
                <td>{figure(item.discrimination)}</td>
                {LETTERS.map((letter, option) => (
                  <td key={letter}>
                    {item.optionCounts[option] ?? 0}
                    {option === item.correctAnswer ? " ✓" : ""}
                  </td>
                ))}
                <td>{item.skips}</td>
                <td>
                  {[
                    ...item.unusedDistractors.map((option) => `${LETTERS[option]}: nobody chose it`),
                    ...item.overChosenDistractors.map(
                      (option) => `${LETTERS[option]}: chosen more than the correct answer`,
                    ),
                  ].join("; ") || "—"}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
