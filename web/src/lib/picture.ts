export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** docs/product.md "Profile edits": a picture of oneself or a portrait of a relative, checked before sending; the server checks again by the file's real content. */
export function pictureProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files are allowed';
  if (file.size > MAX_PICTURE_BYTES) return 'Profile picture must be less than 5MB';
  return null;
}
