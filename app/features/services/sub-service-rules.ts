/**
 * What the sub-service form needs in the browser, without zod: its messages
 * and the early check of the chosen files. The service pages are public, so
 * this keeps zod and Conform (about 36 KB gzipped) off every visitor's page;
 * the server validates everything again with SubServiceSchema and by content.
 */
export const SUB_SERVICE_MESSAGES = {
  empty: "No sub-services yet.",
  deleted: "Sub-service moved to the trash.",
  confirmDelete: "Move this sub-service to the trash?",
  titleRequired: "Title is required",
  notPdf: "The file must be a PDF file.",
  notVideo: "The file must be a video (MP4, WebM, Ogg or QuickTime).",
} as const;

/** The file inputs of the form, in the order docs/product.md#validation lists them. */
export const SUB_SERVICE_FILE_FIELDS = ["syllabus", "questions", "video"] as const;
export type SubServiceFileField = (typeof SUB_SERVICE_FILE_FIELDS)[number];

export type UploadLimits = { pdf: string; pdfBytes: number; video: string; videoBytes: number };

/** The browser's check of one chosen file (type and cap), so nobody uploads 600 MB to be told it is too large. */
export function fileProblem(field: SubServiceFileField, file: File, limits: UploadLimits): string | null {
  if (file.size === 0 && file.name === "") return null;
  const isVideo = field === "video";
  const typeOk = isVideo
    ? file.type.startsWith("video/")
    : file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf");
  if (!typeOk) return isVideo ? SUB_SERVICE_MESSAGES.notVideo : SUB_SERVICE_MESSAGES.notPdf;
  const [maxBytes, label] = isVideo ? [limits.videoBytes, limits.video] : [limits.pdfBytes, limits.pdf];
  return file.size > maxBytes ? `The file is too large: the limit is ${label}.` : null;
}
