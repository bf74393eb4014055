/** What `--only reports` needs besides the calls: months of the large school's year by their length. */

const daysIn = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
};

/** The months from `first` to `last` (YYYY-MM-DD): the first of 28 or 29 days and the first of 31, for comparing round trips. */
export function monthsByLength(first: string, last: string): { short: string; long: string } {
  const months: string[] = [];
  for (let m = first.slice(0, 7); m <= last.slice(0, 7); ) {
    months.push(m);
    const [year, month] = m.split('-').map(Number);
    m = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  }
  const short = months.find((m) => daysIn(m) < 30) ?? months[0];
  const long = months.find((m) => daysIn(m) === 31) ?? months[months.length - 1];
  return { short, long };
}
