/**
 * Editing the headers of a response on its way out (edge cache status, `private` for signed-in
 * users, the bookmark, the security headers).
 *
 * Each of those used to copy the response (`new Response(body, response)`) before setting a header.
 * In workerd a copy is a new Response and a new copy of every header, native objects that live until
 * a garbage collection finds their JavaScript wrappers dead and then are freed all at once, inside
 * whichever request triggered it: that batch was the slowest requests' extra time
 * (docs/decisions/110-request-copies.md). A response this Worker made has headers it can edit;
 * only the immutable ones (from fetch(), the Cache API, Response.redirect()) need the copy.
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
