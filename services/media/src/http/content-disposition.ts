/** Kinds a browser may show itself; anything else is offered as a download. */
export function isInlineType(contentType: string): boolean {
  return /^(image|video|audio)\//.test(contentType) || contentType === 'application/pdf';
}

/**
 * `Content-Disposition` with a plain ASCII `filename` every browser understands and the original name in
 * RFC 5987 `filename*`. Path separators, quotes and control characters never get through.
 */
export function contentDisposition(
  disposition: 'inline' | 'attachment',
  originalName: string | null,
  fallbackBase: string,
  ext: string | null,
): string {
  const cleaned = [...(originalName ?? '')]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '/' || c === '\\' ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const withExt = (name: string) => {
    if (!ext || hasExtensionOf(name, ext)) return name;
    return `${name}.${ext}`;
  };
  const full = withExt(cleaned || fallbackBase).slice(-200);
  const ascii =
    full
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["%;\\]/g, '_')
      .trim() || withExt(fallbackBase);
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Other names the same kind of file goes by: a camera's "IMG_0042.MOV" or "00001.MTS" keeps its name. */
const SAME_KIND_EXTENSIONS: Record<string, string[]> = {
  jpg: ['jpeg', 'jpe'],
  heic: ['heif', 'hif'],
  heif: ['heic', 'hif'],
  tif: ['tiff'],
  mts: ['m2ts', 'm2t', 'ts'],
  mpeg: ['mpg', 'mpe', 'vob'],
  '3gp': ['3gpp'],
  '3g2': ['3gpp2'],
  ogg: ['opus', 'oga', 'ogv'],
  mov: ['qt'],
  m4a: ['aac', 'mp4'],
  mp4: ['m4v'],
  mkv: ['mka'],
  wmv: ['asf'],
  wma: ['asf'],
  txt: ['text'],
};

function hasExtensionOf(name: string, ext: string): boolean {
  const own = name.toLowerCase().split('.').pop() ?? '';
  const wanted = ext.toLowerCase();
  return name.includes('.') && (own === wanted || (SAME_KIND_EXTENSIONS[wanted] ?? []).includes(own));
}

const KNOWN_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
  'video/mp2t': 'mts',
  'video/3gpp': '3gp',
  'video/3gpp2': '3g2',
  'video/matroska': 'mkv',
  'video/vnd.avi': 'avi',
  'video/x-ms-wmv': 'wmv',
  'audio/x-ms-wma': 'wma',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'audio/mpeg': 'mp3',
  'audio/x-m4a': 'm4a',
  'audio/mp4': 'm4a',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
};

/** A file name extension for a content type, for download names. */
export function extensionFor(contentType: string | null): string | null {
  if (!contentType) return null;
  const bare = contentType.split(';')[0].trim().toLowerCase();
  if (KNOWN_EXTENSIONS[bare]) return KNOWN_EXTENSIONS[bare];
  const subtype = bare.split('/')[1]?.replace(/^x-/, '') ?? '';
  return /^[a-z0-9]{2,5}$/.test(subtype) ? subtype : null;
}
