// DataTable renders the markup the pages wrote by hand before it (the admin lists, the quiz pages, the
// public price tables, ItemTable's head): the same wrapper div, classes, caption, header cells and order.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable } from "~/components/data-table";

const row = h("tr", null, h("th", { scope: "row" }, "Basic"), h("td", null, "₹30K"));

describe("DataTable", () => {
  it("wraps the table, adds its classes, hides the caption and heads each column", () => {
    const html = renderToStaticMarkup(
      h(DataTable, {
        wrap: "inbox-table-wrap",
        className: "inbox-table",
        caption: "Outgoing mail",
        headers: ["Created", "To"],
        children: row,
      }),
    );
    expect(html).toBe(
      '<div class="table-overflow inbox-table-wrap"><table class="table inbox-table">' +
        '<caption class="visually-hidden">Outgoing mail</caption>' +
        '<thead><tr><th scope="col">Created</th><th scope="col">To</th></tr></thead>' +
        '<tbody><tr><th scope="row">Basic</th><td>₹30K</td></tr></tbody></table></div>',
    );
  });

  it("shows a visible caption, and writes no thead without headers", () => {
    const html = renderToStaticMarkup(h(DataTable, { caption: "Quiz figures", captionVisible: true, children: row }));
    expect(html).toBe(
      '<div class="table-overflow"><table class="table"><caption>Quiz figures</caption>' +
        '<tbody><tr><th scope="row">Basic</th><td>₹30K</td></tr></tbody></table></div>',
    );
  });

  it("is a table in its scrolling box without caption or headers (a wide table never widens the page)", () => {
    const html = renderToStaticMarkup(
      h(DataTable, {
        children: [
          h("tr", { key: "b" }, h("th", { scope: "row" }, "Basic"), h("td", null, "₹30K")),
          [h("tr", { key: "a" }, h("td", null, "x"))],
        ],
      }),
    );
    expect(html).toBe(
      '<div class="table-overflow"><table class="table"><tbody><tr><th scope="row">Basic</th><td>₹30K</td></tr><tr><td>x</td></tr></tbody></table></div>',
    );
  });
});
