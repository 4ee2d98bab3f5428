/** A person's initials for an avatar: "Ana", "Lopez" → "AL" (an empty name gives nothing). */
export function initials(first: string, last: string): string {
  return `${first.trim()[0] ?? ""}${last.trim()[0] ?? ""}`.toUpperCase();
}
