import { randomUUID } from 'node:crypto';
import { baseURL, callApi, platformToken, rememberSecrets } from './browser';

export interface OwnSchool {
  admin: { email: string; password: string };
  token: string;
  academicYear: string;
  classes: Record<string, string>;
  students: { _id: string; name: string; classLabel: string }[];
  fee: { structureId: string; amount: number; dueDate: string };
  /** The first pupil's father, who signs in to the family portal. */
  family: { email: string; password: string };
}

/**
 * A school of the test's own, made through the operator's endpoint: grades 6 and 7 in section A, five pupils
 * admitted at the start of the year, and a tuition fee of 6-A due that year. A retry makes another one, so a
 * file whose writes reach the whole school (a rollover) finds it as it was made. `academicYear` starts it in
 * another year than today's (last year, so that a rollover brings it into the year today falls in).
 */
export async function makeOwnSchool(label = 'Rollover', options: { academicYear?: string } = {}): Promise<OwnSchool> {
  const tag = randomUUID().slice(0, 8);
  const admin = { email: `office-${tag}@own-school.test`, password: `Own-${tag}-school-pw` };
  rememberSecrets(admin.password);
  const response = await fetch(`${baseURL}/api/platform/schools`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${platformToken}` },
    body: JSON.stringify({
      name: `${label} School ${tag}`,
      timeZone: 'Asia/Kolkata',
      currency: 'INR',
      adminName: 'Meera Office',
      adminEmail: admin.email,
      adminPassword: admin.password,
      requirePasswordChange: false,
    }),
  });
  if (!response.ok) throw new Error(`The school was not made: ${response.status} ${await response.text()}`);
  const login = await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: admin });
  const token = login.data.token;
  if (options.academicYear) {
    await callApi('/settings/school-info', { method: 'PUT', token, body: { academicYear: options.academicYear } });
  }
  const info = await callApi<{ data: { academicYear: string } }>('/settings/school-info', { token });
  const academicYear = info.data.academicYear;
  const first = academicYear.slice(0, 4);

  const teacher = await callApi<{ data: { teacher: { _id: string } } }>('/teachers', {
    method: 'POST',
    token,
    body: {
      name: 'Nisha Verma',
      email: `teacher-${tag}@own-school.test`,
      password: `teacher-${tag}`,
      requirePasswordChange: true,
      phone: '555-0100',
    },
  });
  const classes: Record<string, string> = {};
  for (const name of ['6', '7']) {
    const made = await callApi<{ data: { _id: string } }>('/classes', {
      method: 'POST',
      token,
      body: { name, section: 'A', capacity: 30, teacherId: teacher.data.teacher._id },
    });
    classes[`${name}-A`] = made.data._id;
  }
  const pupils = [
    ['Aarav Mehta', '6-A'],
    ['Diya Kapoor', '6-A'],
    ['Kabir Singh', '6-A'],
    ['Ananya Iyer', '7-A'],
    ['Rohan Das', '7-A'],
  ] as const;
  const students: OwnSchool['students'] = [];
  for (const [i, [name, classLabel]] of pupils.entries()) {
    const made = await callApi<{ data: { _id: string } }>('/students', {
      method: 'POST',
      token,
      body: {
        name,
        classId: classes[classLabel],
        rollNumber: String(i + 1),
        email: `pupil-${i}-${tag}@own-school.test`,
        password: `pupil-${tag}`,
        requirePasswordChange: true,
        phone: '+91 98765 43210',
        dateOfBirth: '2013-05-01',
        gender: i % 2 ? 'female' : 'male',
        admissionDate: `${first}-04-01`,
        address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
        parentInfo: {
          fatherName: `${name.split(' ')[1]} Senior`,
          fatherPhone: '+91 90000 00001',
          fatherEmail: `parent-${i}-${tag}@own-school.test`,
          fatherPassword: `parent-${tag}`,
        },
      },
    });
    students.push({ _id: made.data._id, name, classLabel });
  }
  const category = await callApi<{ data: { _id: string } }>('/fees/categories', {
    method: 'POST',
    token,
    body: { name: 'Tuition Fee' },
  });
  const dueDate = `${first}-06-15`;
  const structure = await callApi<{ data: { _id: string } }>('/fees/structures', {
    method: 'POST',
    token,
    body: { classId: classes['6-A'], categoryId: category.data._id, amount: 1200, dueDate },
  });
  return {
    admin,
    token,
    academicYear,
    classes,
    students,
    fee: { structureId: structure.data._id, amount: 1200, dueDate },
    family: { email: `parent-0-${tag}@own-school.test`, password: `parent-${tag}` },
  };
}

/**
 * Term 1 (April to September of the year `first` begins) and one assessment of a class's subject in it, marked as
 * given, through the API as the office makes them.
 */
export async function markedAssessment(
  token: string,
  test: {
    classId: string;
    subjectId: string;
    first: number | string;
    title: string;
    type: 'test' | 'exam';
    date: string;
    marks: { studentId: string; score: number }[];
  },
) {
  const term = await callApi<{ data: { _id: string } }>('/grades/terms', {
    method: 'POST',
    token,
    body: { name: 'Term 1', startDate: `${test.first}-04-01`, endDate: `${test.first}-09-30` },
  });
  const made = await callApi<{ data: { _id: string } }>('/grades/assessments', {
    method: 'POST',
    token,
    body: {
      classId: test.classId,
      subjectId: test.subjectId,
      termId: term.data._id,
      title: test.title,
      type: test.type,
      date: test.date,
      maxMarks: 50,
    },
  });
  await callApi(`/grades/assessments/${made.data._id}/marks`, {
    method: 'PUT',
    token,
    body: { marks: test.marks.map((m) => ({ ...m, status: 'scored' })) },
  });
  return { termId: term.data._id, assessmentId: made.data._id };
}
