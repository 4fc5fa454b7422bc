/** Account messages shown by pages and returned by the API (docs/product.md#messages). */
export const RESET_LINK_SENT = "Reset link sent to your email.";
export const RESET_SUCCESS = "Password reset successful!";
export const RESET_INVALID = "This reset link is invalid or has expired. Ask for a new one.";
export const GOOGLE_LOGIN_FAILED = "Google login failed";
