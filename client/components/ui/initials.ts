/** First and last initials, or the first two letters of a single name ('Aarav Malhotra' → 'AM', 'Priya' → 'PR'). */
export function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0][0]}${parts[parts.length - 1][0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}
