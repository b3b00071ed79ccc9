/** Addresses of blogs and their avatars on the demo server. */

export function blogUrl(origin: string, name: string): string {
  return `${origin}/blog/${encodeURIComponent(name)}`;
}

export function avatarUrl(name: string, size = 128): string {
  return `/assets/avatar/${encodeURIComponent(name)}/${size}.svg`;
}
