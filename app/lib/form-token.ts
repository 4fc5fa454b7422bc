/** The hidden field of a create form's one-time token (server side: ./form-token.server.ts). */
export const FORM_TOKEN_FIELD = "formToken";
