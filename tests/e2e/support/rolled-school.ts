import { callApi } from './browser';
import { makeOwnSchool, markedAssessment, type OwnSchool } from './own-school';

export interface RolledSchool extends OwnSchool {
  /** The year the school was in before the rollover, and the one it is in now. */
  lastYear: string;
  thisYear: string;
  termId: string;
}

/**
 * A school of the test's own with a year behind it: in 6-A, Aarav Mehta scored 40 of 50 in Term 1's test, was
 * present, absent and late on three days and paid nothing of the 1,200 tuition fee; Diya Kapoor paid it all,
 * Kabir Singh 500. Then the school rolled over into the next year, so Aarav and Kabir owe last year's fee as arrears.
 */
export async function makeRolledSchool(label = 'History'): Promise<RolledSchool> {
  // Last year by the calendar, so the rollover brings the school into the year today's payments fall in.
  const start = Number(new Date().toISOString().slice(0, 4)) - (new Date().getUTCMonth() < 3 ? 2 : 1);
  const school = await makeOwnSchool(label, { academicYear: `${start}-${start + 1}` });
  const { token, classes, students } = school;
  const lastYear = school.academicYear;
  const first = lastYear.slice(0, 4);
  const [aarav, diya, kabir] = students;
  const teachers = await callApi<{ data: { _id: string }[] }>('/teachers?limit=5', { token });
  const subject = await callApi<{ data: { _id: string } }>('/subjects', {
    method: 'POST',
    token,
    body: { name: 'Mathematics', classId: classes['6-A'], teacherId: teachers.data[0]._id },
  });
  const { termId } = await markedAssessment(token, {
    classId: classes['6-A'],
    subjectId: subject.data._id,
    first,
    title: 'Unit test',
    type: 'test',
    date: `${first}-07-10`,
    marks: [
      { studentId: aarav._id, score: 40 },
      { studentId: diya._id, score: 30 },
    ],
  });
  for (const [day, status] of [
    ['01', 'present'],
    ['02', 'absent'],
    ['03', 'late'],
  ] as const) {
    await callApi('/attendance/bulk', {
      method: 'POST',
      token,
      body: {
        classId: classes['6-A'],
        subjectId: subject.data._id,
        date: `${first}-07-${day}`,
        records: [
          { studentId: aarav._id, status },
          { studentId: diya._id, status: 'present' },
        ],
      },
    });
  }
  for (const [student, amount] of [
    [diya, 1200],
    [kabir, 500],
  ] as const) {
    await callApi('/fees/receipts', {
      method: 'POST',
      token,
      body: {
        studentId: student._id,
        method: 'cash',
        items: [{ structureId: school.fee.structureId, instalment: 1, amount }],
      },
    });
  }
  const next = Number(first) + 1;
  const thisYear = `${next}-${next + 1}`;
  await callApi('/years/rollover', {
    method: 'POST',
    token,
    body: { name: thisYear, startsOn: `${next}-04-01`, endsOn: `${next + 1}-03-31` },
  });
  return { ...school, lastYear, thisYear, termId };
}
