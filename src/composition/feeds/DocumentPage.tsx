/**
 * The page component of the routes that answer a document rather than a screen (feeds, sitemap,
 * robots): their loader writes the whole response, so this never renders.
 */
export default function DocumentPage() {
  return null;
}
