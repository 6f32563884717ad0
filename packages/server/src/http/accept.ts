/**
 * Reading the Accept header, for the routes that answer in more than one form (the audio file or
 * the plain JSON; Server-Sent Events or the plain JSON of docs/product.md section 7).
 */

/** The highest weight (q, 0 to 1) the Accept header gives any of `mediaRanges`; 0 when none. */
export function acceptWeight(accept: string | undefined, mediaRanges: readonly string[]): number {
  if (!accept) return 0;
  const wanted = mediaRanges.map((range) => range.toLowerCase());
  let weight = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!wanted.includes(type)) continue;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    weight = Math.max(weight, quality === undefined ? 1 : Number(quality.slice(2)) || 0);
  }
  return weight;
}
