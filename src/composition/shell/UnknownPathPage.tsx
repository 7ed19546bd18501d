/** Any path no screen owns: the styled 404, rendered per request with the workspace's shell. */
export default function UnknownPathPage() {
  return null;
}
