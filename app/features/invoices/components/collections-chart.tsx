/** Collections per month as a small SVG bar chart: no chart library, and a table says the same for screen readers. */
import { rupees } from "../money";

export function CollectionsChart({ months }: { months: { month: string; paise: number }[] }) {
  if (months.length === 0) return <p className="empty-state">No payments confirmed in the last twelve months.</p>;
  const most = Math.max(...months.map((month) => month.paise), 1);
  const barWidth = 28;
  const height = 120;
  return (
    <figure className="collections-chart">
      <svg
        viewBox={`0 0 ${months.length * (barWidth + 8)} ${height + 20}`}
        width="100%"
        style={{ maxWidth: months.length * (barWidth + 8) * 2 }}
        aria-hidden="true"
      >
        {months.map((month, index) => {
          const bar = Math.max(2, Math.round((month.paise / most) * height));
          return (
            <g key={month.month}>
              <rect x={index * (barWidth + 8)} y={height - bar} width={barWidth} height={bar} fill="currentColor" />
              <text x={index * (barWidth + 8) + barWidth / 2} y={height + 14} fontSize="9" textAnchor="middle">
                {month.month.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <table className="table">
          <caption className="visually-hidden">Collections per month</caption>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td>{rupees(month.paise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
