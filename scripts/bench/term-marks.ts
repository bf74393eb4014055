import { call } from './http';

type Term = { _id: string; startDate: string; endDate: string };

/**
 * A term whose marks the term-results budget reads: the large school's first term when it has marks for these
 * classes already (`seed:large` writes them); otherwise marks written here through the API, six assessments per
 * subject for every student of each class, in the first term or, without one, a term of the bench's own.
 */
export async function termWithMarks(base: string, token: string, classIds: string[]): Promise<string> {
  const terms = (await call<{ data: Term[] }>(base, '/api/grades/terms', { token })).body.data;
  const term =
    terms[0] ??
    (
      await call<{ data: Term }>(base, '/api/grades/terms', {
        method: 'POST',
        token,
        body: { name: 'Bench term', startDate: '1990-01-01', endDate: '1990-06-30' },
      })
    ).body.data;
  for (const classId of classIds) {
    const query = `classId=${classId}&termId=${term._id}`;
    const made = (await call<{ data: { markedCount: number }[] }>(base, `/api/grades/assessments?${query}`, { token }))
      .body.data;
    if (made.some((a) => a.markedCount > 0)) continue;
    const [subjects, roster] = await Promise.all([
      call<{ data: { _id: string }[] }>(base, `/api/subjects?classId=${classId}`, { token }),
      call<{ data: { _id: string }[] }>(base, `/api/students?classId=${classId}&limit=100`, { token }),
    ]);
    for (const subject of subjects.body.data) {
      for (let n = 0; n < 6; n++) {
        const assessment = await call<{ data: { _id: string } }>(base, '/api/grades/assessments', {
          method: 'POST',
          token,
          body: {
            classId,
            subjectId: subject._id,
            termId: term._id,
            title: `Bench test ${n + 1}`,
            type: n === 5 ? 'exam' : 'test',
            date: term.startDate,
            maxMarks: n === 5 ? 100 : 25,
            weight: n === 5 ? 2 : 1,
          },
        });
        const marks = roster.body.data.map((s, i) =>
          (i + n) % 17 === 0
            ? { studentId: s._id, status: 'absent' }
            : { studentId: s._id, status: 'scored', score: ((i * 7 + n * 3) % (n === 5 ? 100 : 25)) + 0.5 },
        );
        await call(base, `/api/grades/assessments/${assessment.body.data._id}/marks`, {
          method: 'PUT',
          token,
          body: { marks },
        });
      }
    }
  }
  return term._id;
}
