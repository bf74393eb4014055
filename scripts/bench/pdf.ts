/**
 * Time per PDF: a receipt for a student named in Latin, Devanagari, Tamil or Arabic, through the real app in
 * Node (libSQL in memory). The first download of each parses its faces; the rest reuse them, as an isolate does.
 * Run: npx tsx scripts/bench/pdf.ts
 */
import { createTestApp, createTestSchool, signIn } from '../../tests/support/app';
import { createClass } from '../../tests/support/factories';
import { enrolment } from '../../tests/support/students';

const NAMES = { latin: 'Asha Rao', devanagari: 'क्षत्रिय श्रीनिवास', tamil: 'கிருஷ்ணன்', arabic: 'محمد عبد الله' };
const RUNS = 30;

const t = await createTestApp();
const receipts: { script: string; token: string; id: string }[] = [];
for (const [script, name] of Object.entries(NAMES)) {
  const school = await createTestSchool(t);
  const token = await signIn(t, school.adminEmail);
  const post = async (path: string, json: unknown) =>
    (await (await t.request(path, { method: 'POST', token, json })).json()) as { data: { _id: string } };
  const classId = await createClass(t, school.schoolId, { name: '7', section: 'A' });
  const student = await post('/api/students', enrolment(classId, { name, admissionDate: '2026-04-01' }));
  const category = await post('/api/fees/categories', { name: 'Tuition' });
  const structure = await post('/api/fees/structures', {
    classId,
    categoryId: category.data._id,
    amount: 145000,
    dueDate: '2026-06-30',
  });
  const receipt = await post('/api/fees/receipts', {
    studentId: student.data._id,
    method: 'cash',
    items: [{ structureId: structure.data._id, amount: 145000 }],
  });
  receipts.push({ script, token, id: receipt.data._id });
}
// Round robin, so that no script gains from warming the others' code.
const times = new Map<string, number[]>(receipts.map((r) => [r.script, []]));
const sizes = new Map<string, number>();
for (let i = 0; i <= RUNS; i++) {
  for (const r of receipts) {
    const started = performance.now();
    const res = await t.request(`/api/fees/receipts/${r.id}/download`, { token: r.token });
    sizes.set(r.script, (await res.arrayBuffer()).byteLength);
    times.get(r.script)?.push(performance.now() - started);
  }
}
for (const r of receipts) {
  const [first, ...rest] = times.get(r.script) ?? [];
  rest.sort((a, b) => a - b);
  const median = rest[Math.floor(rest.length / 2)];
  const size = ((sizes.get(r.script) ?? 0) / 1024).toFixed(1);
  console.log(`${r.script.padEnd(11)} first ${first.toFixed(0)} ms, then median ${median.toFixed(1)} ms, ${size} KB`);
}
