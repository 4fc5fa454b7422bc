/**
 * Links to reach a visitor from the inbox: mail, a phone call and WhatsApp.
 * Phone numbers are typed freely ("+91 98765 43210", "098765-43210", "9876543210").
 */

/** The number for a tel: link: digits, with the + of an international number kept. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/**
 * The number in WhatsApp's international form (digits only, with the country
 * code): a 10-digit Indian number, or one written with a trunk 0, gets +91.
 */
export function whatsappNumber(phone: string): string {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits;
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return digits.length === 10 ? `91${digits}` : digits;
}

/** A https://wa.me/ link that opens a chat with the number. */
export function whatsappHref(phone: string): string {
  return `https://wa.me/${whatsappNumber(phone)}`;
}
