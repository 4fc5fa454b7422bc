/**
 * Edits a response's headers on its way out (cache status, `private`, the bookmark, security headers)
 * in place: in workerd each copy of a response is native objects freed in a batch by a later garbage
 * collection, inside whichever request triggers it (docs/decisions/110-request-copies.md). Only
 * immutable headers (from fetch(), the Cache API, Response.redirect()) force a copy.
 */
export function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch (error) {
    // Immutable headers refuse their first edit with a TypeError, before anything has changed.
    if (!(error instanceof TypeError)) throw error;
  }
  const copy = new Response(response.body, response);
  edit(copy.headers);
  return copy;
}
