/**
 * The page's title and meta description (docs/product.md section 2: set per page), also as the Open
 * Graph title and description that link previews use. React 19 hoists these elements into <head>.
 */
export function PageHead({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
    </>
  );
}
