/**
 * The account forms' HTML constraints (Conform's `constraint`): what `getZodConstraint` gives for
 * each schema in schema.ts, written out so the login, forgot-password and reset-password pages do
 * not load zod. Those forms are checked on the server (their actions parse the schemas) and Conform
 * shows the answer (docs/decisions/095-form-pages-without-zod.md); tests/form-constraints.node.test.ts
 * fails when a schema and its constraint here disagree.
 */
export const LOGIN_CONSTRAINT = {
  email: { required: true },
  password: { required: true },
  redirectTo: { required: false },
};

export const REGISTER_CONSTRAINT = {
  fullName: { required: true },
  email: { required: true },
  password: { required: true },
  redirectTo: { required: false },
};

export const FORGOT_PASSWORD_CONSTRAINT = { email: { required: true } };

export const RESET_PASSWORD_CONSTRAINT = { password: { required: true } };
