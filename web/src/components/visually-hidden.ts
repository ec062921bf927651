/**
 * sx for text read by screen readers but not shown. Sizes as strings: in sx a bare 1 means 100%, which made such
 * text as wide as the page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
