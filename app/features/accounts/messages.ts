/** Account messages shown by pages and returned by the API (docs/product.md#messages). */
export const RESET_LINK_SENT = "Reset link sent to your email.";
export const RESET_SUCCESS = "Password reset successful!";
export const RESET_INVALID = "This reset link is invalid or has expired. Ask for a new one.";
export const GOOGLE_LOGIN_FAILED = "Google login failed";
export const EMAIL_VERIFIED = "Your email is verified.";
export const ALREADY_VERIFIED = "Your email is already verified.";
export const VERIFICATION_SENT = "Verification link sent to your email.";
export const VERIFY_INVALID =
  "This verification link is invalid, already used or expired. Ask for a new one from your dashboard.";
export const VERIFY_OTHER_ACCOUNT =
  "This verification link belongs to another account. Log out, then open the link again and log in to that account.";
