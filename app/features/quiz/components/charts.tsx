/**
 * The quiz analysis charts: plain SVG rendered on the server, no chart library and no
 * script. Each is an image with a text alternative (role="img", <title> and <desc>); the page puts
 * the same numbers in a table below.
 */
import type { ReactNode } from "react";
import type { QuizAnalysis } from "../analysis";

const WIDTH = 640;
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);

/** The frame of every chart: an SVG image named by its <title> and described by its <desc> (ids `${id}-title`, `${id}-desc`). */
function Chart({
  id,
  height,
  title,
  description,
  children,
}: {
  id: string;
  height: number;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <svg
      className="quiz-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      width="100%"
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}

/** How many takers got each total score: a bar per score. */
export function ScoreHistogram({ analysis }: { analysis: Pick<QuizAnalysis, "distribution" | "takers" | "maxScore"> }) {
  const { distribution } = analysis;
  const height = 220;
  const top = 20;
  const bottom = 40;
  const left = 40;
  const plotHeight = height - top - bottom;
  const tallest = Math.max(1, ...distribution.map((bar) => bar.count));
  const slot = (WIDTH - left - 10) / Math.max(1, distribution.length);
  const summary = distribution.map((bar) => `score ${bar.score}: ${bar.count}`).join(", ");
  return (
    <Chart
      id="histogram"
      height={height}
      title="Score distribution"
      description={
        <>
          Number of takers per total score (out of {analysis.maxScore}), {analysis.takers} takers: {summary}.
        </>
      }
    >
      <line className="quiz-chart__axis" x1={left} y1={top + plotHeight} x2={WIDTH - 5} y2={top + plotHeight} />
      <line className="quiz-chart__axis" x1={left} y1={top} x2={left} y2={top + plotHeight} />
      <text className="quiz-chart__label" x={left - 6} y={top + 4} textAnchor="end">
        {tallest}
      </text>
      <text className="quiz-chart__label" x={left - 6} y={top + plotHeight} textAnchor="end">
        0
      </text>
      {distribution.map((bar, index) => {
        const barHeight = (bar.count / tallest) * plotHeight;
        const x = left + index * slot + slot * 0.15;
        return (
          <g key={bar.score}>
            <rect
              className="quiz-chart__bar"
              x={x}
              y={top + plotHeight - barHeight}
              width={slot * 0.7}
              height={barHeight}
            />
            {bar.count > 0 ? (
              <text
                className="quiz-chart__value"
                x={x + slot * 0.35}
                y={top + plotHeight - barHeight - 4}
                textAnchor="middle"
              >
                {bar.count}
              </text>
            ) : null}
            <text className="quiz-chart__label" x={x + slot * 0.35} y={top + plotHeight + 16} textAnchor="middle">
              {bar.score}
            </text>
          </g>
        );
      })}
      <text className="quiz-chart__label" x={left + (WIDTH - left) / 2} y={height - 4} textAnchor="middle">
        Total score
      </text>
    </Chart>
  );
}

/** The facility index of each question: a horizontal bar per question, 0 to 100%. */
export function FacilityChart({ items }: { items: Pick<QuizAnalysis["items"][number], "number" | "facility">[] }) {
  const row = 26;
  const top = 10;
  const left = 60;
  const right = 60;
  const height = top + items.length * row + 30;
  const plotWidth = WIDTH - left - right;
  const summary = items.map((item) => `question ${item.number}: ${percent(item.facility)}`).join(", ");
  return (
    <Chart
      id="facility"
      height={height}
      title="Facility index per question"
      description={<>Share of takers who answered each question correctly: {summary}.</>}
    >
      {[0, 0.5, 1].map((tick) => (
        <g key={tick}>
          <line
            className="quiz-chart__grid"
            x1={left + tick * plotWidth}
            y1={top}
            x2={left + tick * plotWidth}
            y2={top + items.length * row}
          />
          <text
            className="quiz-chart__label"
            x={left + tick * plotWidth}
            y={top + items.length * row + 16}
            textAnchor="middle"
          >
            {tick * 100}%
          </text>
        </g>
      ))}
      {items.map((item, index) => {
        const y = top + index * row;
        const width = (item.facility ?? 0) * plotWidth;
        return (
          <g key={item.number}>
            <text className="quiz-chart__label" x={left - 8} y={y + row / 2 + 4} textAnchor="end">
              Q{item.number}
            </text>
            <rect className="quiz-chart__bar" x={left} y={y + 4} width={width} height={row - 8} />
            <text className="quiz-chart__value" x={left + width + 6} y={y + row / 2 + 4}>
              {percent(item.facility)}
            </text>
          </g>
        );
      })}
    </Chart>
  );
}
