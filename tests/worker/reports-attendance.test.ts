import { describe, expect, it } from 'vitest';
import { departments, employees } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { call, d1Classroom, db, worker } from './d1-classroom';

const download = async (token: string, path: string) => {
  const res = await worker.fetch(`http://portal.test${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
};

/** Inside workerd, on D1: the month's grid, its Excel and PDF files (zipped and typeset by the runtime) and the streamed school CSV. */
describe('monthly attendance reports on D1', () => {
  it('answers the grid, an .xlsx, a PDF with its fonts from the static assets, and the school’s streamed CSV', async () => {
    const w = await d1Classroom();
    const marked = await call(w.token, '/api/attendance/bulk', 'POST', {
      classId: w.classId,
      subjectId: w.subjectId,
      date: w.date,
      records: w.pupils.map((p, i) => ({ studentId: p.studentId, status: i === 0 ? 'absent' : 'present' })),
    });
    expect(marked.status).toBe(200);
    const month = w.date.slice(0, 7);
    const path = `/api/reports/attendance/students?classId=${w.classId}&month=${month}`;
    const grid = await call(w.adminToken, path);
    expect(grid.status).toBe(200);
    const { table } = grid.body.data;
    expect(table.rows).toHaveLength(w.size);
    const column = table.columns.findIndex((c: { key: string }) => c.key === w.date);
    expect(table.rows[0][column]).toBe('A');
    expect(table.totals[column]).toBe(w.size - 1);

    const xlsx = await download(w.adminToken, `${path}&format=xlsx`);
    expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect([...xlsx.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    // The sheet inflates back (the runtime's deflate-raw) to XML naming the pupils.
    const sheet = await inflate(xlsx.bytes, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('Pupil 12');

    const pdf = await download(w.adminToken, `${path}&format=pdf`);
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.bytes.subarray(0, 5))).toBe('%PDF-');

    // The staff month: a person's name and their department's, read apart though both columns are "name".
    const [departmentId, employeeId] = [newId(), newId()];
    await db.batch([
      db.insert(departments).values({ id: departmentId, schoolId: w.schoolId, name: 'Transport' }),
      db
        .insert(employees)
        .values({ id: employeeId, schoolId: w.schoolId, name: 'Asha Gate', position: 'Driver', departmentId }),
    ]);
    expect(
      (
        await call(w.adminToken, '/api/employees/attendance', 'POST', {
          date: w.date,
          records: [{ employeeId, status: 'half-day' }],
        })
      ).status,
    ).toBe(200);
    const staff = await call(w.adminToken, `/api/reports/attendance/staff?month=${month}`);
    const rows = staff.body.data.table.rows as (string | number)[][];
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['Rita Rao', 'Teacher'],
      ['Asha Gate', 'Driver, Transport'],
    ]);
    expect(rows[1][staff.body.data.table.columns.findIndex((c: { key: string }) => c.key === w.date)]).toBe('HD');

    const csv = await download(w.adminToken, `/api/reports/attendance/school.csv?month=${month}`);
    expect(csv.status).toBe(200);
    const lines = new TextDecoder().decode(csv.bytes).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + w.size + 1);
  });
});

/** One file of a ZIP archive, found by its local header and inflated. */
async function inflate(zip: Uint8Array, name: string): Promise<string> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; view.getUint32(at, true) === 0x04034b50; ) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extra = view.getUint16(at + 28, true);
    const start = at + 30 + nameLength + extra;
    if (new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength)) === name) {
      const stream = new Blob([zip.subarray(start, start + size)])
        .stream()
        .pipeThrough(new DecompressionStream('deflate-raw'));
      return new Response(stream).text();
    }
    at = start + size;
  }
  throw new Error(`${name} is not in the archive`);
}
