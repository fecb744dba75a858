// Whether a multipart request names a boundary its parser can read: checked before the body is, for every route.
/**
 * The boundary parameter of a multipart Content-Type, quoted or not, when it is 1 to 70 characters (RFC 2046
 * §5.1.1); null when absent, empty or too long. Without one the parser (busboy) threw a plain error when a
 * route asked for the file: a 500 for what is the client's mistake (issue 33).
 */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70 ? boundary : null;
}

/** Whether a Content-Type is multipart (multipart/form-data and its kin), whose body needs a boundary. */
export function isMultipart(contentType: string | undefined): contentType is string {
  return contentType !== undefined && /^\s*multipart\//i.test(contentType);
}
