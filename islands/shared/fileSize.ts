/** A file's size as people read it: "2.3 MB", or whole KB (at least 1) below a megabyte. A byte count, not money. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
