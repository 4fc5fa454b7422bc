/** Where an application's CV is downloaded (admins only; app/routes/admin+/teachers_.applications.$id.cv.ts). */
export function cvDownloadPath(id: string) {
  return `/admin/teachers/applications/${encodeURIComponent(id)}/cv`;
}
