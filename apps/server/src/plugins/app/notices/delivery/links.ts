/** A notice's app route (`/pages/...?id=1`) as an address that opens it: the app routes by hash. */
export function appLink(publicUrl: string, link: string): string {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  return `${base}#${link.startsWith('/') ? link : `/${link}`}`;
}
