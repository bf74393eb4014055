/**
 * The demo school that `npm start` puts into an empty database: Greenwood International School, a CBSE school
 * in Pune with classes 6 to 10, a clash-free timetable, six weeks of attendance, fees, dates and complaints.
 * Names, counts and statuses come from a seeded generator, so the same `now` always gives the same school.
 */
import { eq, getTableName, inArray } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { jsonInserts } from '../../worker/db/bulk';
import { batchOf, type Database } from '../../worker/db/database';
import { directoryRowsOf, directoryRowsRemoved } from '../../worker/db/directory';
import {
  activityLogs,
  assessmentMarks,
  assessments,
  attendanceMarks,
  attendanceRegisters,
  classes,
  complaints,
  departments,
  employeeAttendance,
  employees,
  feeAssignments,
  feeCategories,
  feeCollections,
  feeReceipts,
  feeStructures,
  importantDateClasses,
  importantDates,
  parents,
  reportPublications,
  schedules,
  schools,
  studentParents,
  students,
  subjectCategories,
  subjects,
  teacherAttendance,
  teachers,
  terms,
  users,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { studentRows } from '../../worker/db/student-rows';
import { academicYearOf, academicYearStart } from '../../worker/lib/academic-year';
import { instalmentDates } from '../../worker/lib/instalments';
import { addDays, dateInZone, weekdayOf } from '../../worker/lib/time';
import { type MarkRow, markRowInserts } from '../../worker/modules/attendance/marks';
import { DEFAULT_DEPARTMENTS } from '../../worker/modules/platform/service';
import { CATEGORIES, CLASS_TEACHERS, FEES, PLAN, SUBJECTS } from './seed/curriculum';
import { CALENDAR, COMPLAINTS } from './seed/events';
import { gradebookStatements } from './seed/gradebook';
import {
  BOY_NAMES,
  BUILDINGS,
  CITY,
  EMPLOYEES,
  emailPart,
  FATHER_NAMES,
  type Gender,
  GIRL_NAMES,
  LOCALITIES,
  MOTHER_NAMES,
  OCCUPATIONS,
  STATE,
  SURNAMES,
  TEACHERS,
} from './seed/people';
import { Rng } from './seed/random';
import { buildTimetable, type CourseLoad, DAYS, PERIODS } from './seed/timetable';

const TIME_ZONE = 'Asia/Kolkata';
/** April, as in most Indian schools: the demo's year is the one today falls in. */
const YEAR_START_MONTH = 4;
const SEMESTER = 'Annual';
const GRADES = ['6', '7', '8', '9', '10'] as const;
const SECTIONS = ['A', 'B'] as const;
const STUDENTS_PER_CLASS = 20;
const ATTENDANCE_DAYS = 30;
/** D1 takes a batch of any size, but smaller batches keep each round trip's payload modest. */
const STATEMENTS_PER_BATCH = 45;

/** Any school at all means the database is in use: the demo is only ever seeded into an empty one. */
export async function isSeeded(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: schools.id }).from(schools).limit(1);
  return row !== undefined;
}

type Insert<T extends SQLiteTable> = T['$inferInsert'];
interface TableRows {
  name: string;
  count: number;
  items: (db: Database) => ReturnType<typeof jsonInserts>;
}
function rowsOf<T extends SQLiteTable>(table: T, rows: Insert<T>[]): TableRows {
  return { name: getTableName(table), count: rows.length, items: (db) => jsonInserts(db, table, rows) };
}

type StudentStatus = MarkRow['status'];
type StaffStatus = Insert<typeof teacherAttendance>['status'];

interface ParentSeed {
  relation: 'father' | 'mother' | 'guardian';
  name: string;
  email: string;
  userId: string;
  parentId: string;
}

interface Family {
  surname: string;
  street: string;
  area: (typeof LOCALITIES)[number];
  members: ParentSeed[];
}

interface Kid {
  id: string;
  userId: string;
  classIndex: number;
  first: string;
  surname: string;
  gender: Gender;
  roll: number;
  email: string;
  admissionDate: string;
  status: 'active' | 'inactive';
  /** The demo student, or the demo parent's second child. */
  demo?: boolean;
  siblingOf?: Kid;
  family?: Family;
}

function plusMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const isWeekend = (date: string) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

/** The nearest weekday in the given direction, the date itself when it is one. */
function weekday(date: string, direction: 1 | -1): string {
  let d = date;
  while (isWeekend(d)) d = addDays(d, direction);
  return d;
}

export async function seedDemo(
  db: Database,
  options: { passwordHash: string; now: Date },
): Promise<{ schoolId: string; counts: Record<string, number> }> {
  const { passwordHash, now } = options;
  const today = dateInZone(now, TIME_ZONE);
  const nowTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  /** An instant at a school-local date and time; never later than `now`, so nothing is stamped in the future. */
  const at = (date: string, time: string) => {
    const instant = Date.parse(`${date}T${time}:00+05:30`);
    return new Date(Math.min(instant, now.getTime())).toISOString();
  };
  const stamp = (iso: string) => ({ createdAt: iso, updatedAt: iso });
  const clampToToday = (date: string) => (date < today ? date : today);
  // Everything is placed in the academic year today falls in: set up the week before it starts.
  const academicYear = academicYearOf(today, YEAR_START_MONTH);
  const yearStart = academicYearStart(today, YEAR_START_MONTH);
  const startYear = Number(yearStart.slice(0, 4));
  const clampToYear = (date: string) => (date < yearStart ? yearStart : date);
  const setupDay = addDays(yearStart, -7);
  const setupAt = at(setupDay, '10:00');

  const schoolId = newId();
  const adminUserId = newId();
  const tenant = { schoolId };

  // School and administrator.
  const schoolRow: Insert<typeof schools> = {
    id: schoolId,
    name: 'Greenwood International School',
    code: 'DEMO',
    email: 'office@demo.school',
    phone: '+91 20 4567 8900',
    address: 'Survey No. 42, Baner–Pashan Link Road, Baner, Pune, Maharashtra 411045',
    website: 'https://greenwood.demo.school',
    academicBoard: 'CBSE',
    academicYear,
    yearStartMonth: YEAR_START_MONTH,
    semester: SEMESTER,
    timeZone: TIME_ZONE,
    currency: 'INR',
    language: 'en',
    ...stamp(setupAt),
  };
  const userRows: Insert<typeof users>[] = [
    {
      id: adminUserId,
      ...tenant,
      role: 'school_admin',
      name: 'Priya Sharma',
      email: 'admin@demo.school',
      passwordHash,
      phone: '+91 98220 11223',
      ...stamp(setupAt),
    },
  ];

  // Departments and non-teaching staff.
  const departmentIds = new Map(DEFAULT_DEPARTMENTS.map((name) => [name, newId()]));
  const departmentRows: Insert<typeof departments>[] = DEFAULT_DEPARTMENTS.map((name) => ({
    id: departmentIds.get(name),
    ...tenant,
    name,
    ...stamp(setupAt),
  }));
  const staffRng = new Rng('employees');
  const employeeRows: Insert<typeof employees>[] = EMPLOYEES.map((e, i) => ({
    id: newId(),
    ...tenant,
    name: e.name,
    position: e.position,
    departmentId: departmentIds.get(e.department)!,
    email: `${emailPart(e.name.replace(/^Dr\. /, '').split(' ')[0])}.${emailPart(e.name.split(' ').at(-1)!)}@demo.school`,
    phone: staffRng.phone(),
    salaryMinor: e.salary * 100,
    joinedOn: e.joinedOn,
    status: e.active ? 'active' : 'inactive',
    ...stamp(at(setupDay, plusMinutes('10:30', i))),
  }));

  // Teachers.
  const teacherRng = new Rng('teachers');
  const teacherIndex = new Map(TEACHERS.map((t, i) => [t.key, i]));
  const teacherIds = TEACHERS.map(() => newId());
  const teacherUserIds = TEACHERS.map(() => newId());
  const teacherRows: Insert<typeof teachers>[] = TEACHERS.map((t, i) => {
    const created = at(setupDay, plusMinutes('11:00', i * 3));
    userRows.push({
      id: teacherUserIds[i],
      ...tenant,
      role: 'teacher',
      name: t.name,
      email: t.email,
      passwordHash,
      phone: teacherRng.phone(),
      ...stamp(created),
    });
    return {
      id: teacherIds[i],
      ...tenant,
      userId: teacherUserIds[i],
      department: 'Teaching',
      designation: t.designation,
      qualification: t.qualification,
      experienceYears: t.experienceYears,
      salaryMinor: t.salary * 100,
      dateOfBirth: t.dateOfBirth,
      gender: t.gender,
      subjects: t.subjects,
      addressStreet: `${t.street}, ${t.area.area}`,
      addressCity: CITY,
      addressState: STATE,
      addressZip: t.area.zip,
      joinedOn: t.joinedOn,
      isActive: true,
      ...stamp(created),
    };
  });
  const teacherOf = (key: string) => {
    const index = teacherIndex.get(key);
    if (index === undefined) throw new Error(`Unknown teacher ${key}`);
    return index;
  };

  // Classes 6-A to 10-B, rooms 101 to 110.
  const classList = GRADES.flatMap((grade) => SECTIONS.map((section) => ({ grade, section })));
  const classIds = classList.map(() => newId());
  const classRooms = classList.map((_, i) => String(101 + i));
  const classLabel = (i: number) => `${classList[i].grade}-${classList[i].section}`;
  const classRows: Insert<typeof classes>[] = classList.map(({ grade, section }, i) => ({
    id: classIds[i],
    ...tenant,
    name: grade,
    section,
    teacherId: teacherIds[teacherOf(CLASS_TEACHERS[`${grade}${section}`])],
    capacity: 40,
    room: classRooms[i],
    academicYear,
    ...stamp(setupAt),
  }));

  // Subject categories and one subject row per class and subject.
  const categoryIds = new Map(CATEGORIES.map((c) => [c.name as string, newId()]));
  const categoryRows: Insert<typeof subjectCategories>[] = CATEGORIES.map((c) => ({
    id: categoryIds.get(c.name),
    ...tenant,
    name: c.name,
    description: c.description,
    ...stamp(setupAt),
  }));
  const subjectRows: Insert<typeof subjects>[] = [];
  const loads: CourseLoad[] = [];
  classList.forEach(({ grade, section }, classIndex) => {
    for (const [name, [perWeek, teacherKey]] of Object.entries(PLAN[grade])) {
      const info = SUBJECTS[name];
      const teacher = teacherOf(teacherKey);
      if (!TEACHERS[teacher].subjects.includes(name))
        throw new Error(`${TEACHERS[teacher].name} does not teach ${name}`);
      loads.push({ classIndex, course: subjectRows.length, teacher, perWeek });
      subjectRows.push({
        id: newId(),
        ...tenant,
        name,
        code: `${info.code}-${grade}${section}`,
        description: info.description,
        classId: classIds[classIndex],
        teacherId: teacherIds[teacher],
        categoryId: categoryIds.get(info.category),
        credits: info.credits,
        type: info.type,
        ...stamp(setupAt),
      });
    }
  });

  // The weekly timetable.
  const slots = buildTimetable(loads, classList.length, TEACHERS.length, new Rng('timetable')).sort(
    (a, b) => a.classIndex - b.classIndex || a.day - b.day || a.period - b.period,
  );
  const scheduleRows: Insert<typeof schedules>[] = slots.map((slot) => ({
    id: newId(),
    ...tenant,
    teacherId: teacherIds[slot.teacher],
    classId: classIds[slot.classIndex],
    subjectId: subjectRows[slot.course].id!,
    dayOfWeek: DAYS[slot.day],
    startTime: PERIODS[slot.period].start,
    endTime: PERIODS[slot.period].end,
    room: classRooms[slot.classIndex],
    academicYear,
    semester: SEMESTER,
    ...stamp(setupAt),
  }));

  // Students, class by class; rolls follow alphabetical order, as in most Indian schools.
  const kidRng = new Rng('students');
  const monthStart = `${today.slice(0, 8)}01`;
  const kidsByClass: Kid[][] = classList.map((_, classIndex) => {
    const seen = new Set<string>();
    const kids: Kid[] = [];
    while (kids.length < STUDENTS_PER_CLASS) {
      const gender: Gender = kidRng.chance(0.5) ? 'male' : 'female';
      const first = kidRng.pick(gender === 'male' ? BOY_NAMES : GIRL_NAMES);
      const surname = kidRng.pick(SURNAMES);
      if (seen.has(`${first} ${surname}`)) continue;
      seen.add(`${first} ${surname}`);
      // Most joined for this year (from a fortnight before it began), the others in one of the five before.
      const admissionDate = kidRng.chance(0.8)
        ? addDays(yearStart, kidRng.int(0, 120) - 17)
        : addDays(`${kidRng.int(startYear - 5, startYear - 1)}${yearStart.slice(4)}`, kidRng.int(0, 75));
      kids.push({
        id: newId(),
        userId: newId(),
        classIndex,
        first,
        surname,
        gender,
        roll: 0,
        email: '',
        admissionDate: clampToToday(admissionDate),
        status: 'active',
      });
    }
    return kids;
  });
  const classAt = (label: string) => classList.findIndex((c) => `${c.grade}${c.section}` === label);

  // The demo student (8-A, roll 1) and the demo parent's second child (6-B).
  const demoKid = kidsByClass[classAt('8A')][0];
  Object.assign(demoKid, {
    first: 'Aarav',
    surname: 'Malhotra',
    gender: 'male',
    demo: true,
    email: 'student@demo.school',
  });
  Object.assign(kidsByClass[classAt('6B')][0], {
    first: 'Diya',
    surname: 'Malhotra',
    gender: 'female',
    demo: true,
    siblingOf: demoKid,
  });
  // A few more brothers and sisters, so other parents also see more than one child.
  for (const [older, younger] of [
    ['10A', '7B'],
    ['9B', '6A'],
    ['8B', '7A'],
    ['10B', '9A'],
  ]) {
    const elder = kidsByClass[classAt(older)][3];
    const kid = kidsByClass[classAt(younger)][5];
    kid.surname = elder.surname;
    kid.siblingOf = elder;
  }

  kidsByClass.forEach((kids, classIndex) => {
    const { grade, section } = classList[classIndex];
    const sorted = kids
      .filter((k) => k !== demoKid)
      .sort((a, b) => (`${a.first} ${a.surname}` < `${b.first} ${b.surname}` ? -1 : 1));
    if (kids.includes(demoKid)) sorted.unshift(demoKid);
    sorted.forEach((kid, i) => {
      kid.roll = i + 1;
      kid.email ||= `${emailPart(kid.first)}.${emailPart(kid.surname)}.${grade}${section.toLowerCase()}${String(i + 1).padStart(2, '0')}@demo.school`;
    });
    kidsByClass[classIndex] = sorted;
  });

  // Five admissions this month (the last roll of five classes), and five students who have left.
  const span = daysBetween(monthStart, today) + 1;
  ['6A', '7B', '8B', '9A', '10B'].forEach((label, k) => {
    const kid = kidsByClass[classAt(label)][STUDENTS_PER_CLASS - 1];
    kid.admissionDate = addDays(monthStart, Math.floor((k * span) / 5));
  });
  for (const label of ['6B', '7A', '8A', '9B', '10A']) {
    const candidates = kidsByClass[classAt(label)].filter(
      (k) =>
        !k.demo && k.roll < STUDENTS_PER_CLASS && !k.siblingOf && !kidsByClass.flat().some((o) => o.siblingOf === k),
    );
    kidRng.pick(candidates).status = 'inactive';
  }

  const allKids = kidsByClass.flat();
  const studentRecords: Insert<typeof students>[] = [];
  const parentRows: Insert<typeof parents>[] = [];
  const linkRows: Insert<typeof studentParents>[] = [];
  const familyRng = new Rng('parents');
  const addParent = (
    family: Family,
    relation: ParentSeed['relation'],
    name: string,
    email: string,
    occupation: string,
    created: string,
  ) => {
    const member: ParentSeed = { relation, name, email, userId: newId(), parentId: newId() };
    family.members.push(member);
    userRows.push({
      id: member.userId,
      ...tenant,
      role: 'parent',
      name,
      email,
      passwordHash,
      phone: familyRng.phone(),
      ...stamp(created),
    });
    parentRows.push({ id: member.parentId, ...tenant, userId: member.userId, occupation, ...stamp(created) });
  };
  // Families first (elder children), then brothers and sisters join theirs.
  for (const kid of [...allKids.filter((k) => !k.siblingOf), ...allKids.filter((k) => k.siblingOf)]) {
    const created = at(kid.admissionDate, '10:00');
    if (kid.siblingOf) {
      kid.family = kid.siblingOf.family;
    } else {
      const { grade, section } = classList[kid.classIndex];
      const code = `${grade}${section.toLowerCase()}${String(kid.roll).padStart(2, '0')}`;
      const family: Family = {
        surname: kid.surname,
        area: familyRng.pick(LOCALITIES),
        street: `Flat ${familyRng.int(1, 12)}0${familyRng.int(1, 4)}, ${familyRng.pick(BUILDINGS)}`,
        members: [],
      };
      kid.family = family;
      const mum = () =>
        addParent(
          family,
          'mother',
          `${familyRng.pick(MOTHER_NAMES)} ${kid.surname}`,
          `mother.${code}@demo.school`,
          familyRng.chance(0.35) ? 'Homemaker' : familyRng.pick(OCCUPATIONS),
          created,
        );
      const dad = () =>
        addParent(
          family,
          'father',
          `${familyRng.pick(FATHER_NAMES)} ${kid.surname}`,
          `father.${code}@demo.school`,
          familyRng.pick(OCCUPATIONS.filter((o) => o !== 'Homemaker')),
          created,
        );
      const guardian = () =>
        addParent(
          family,
          'guardian',
          `${familyRng.pick(FATHER_NAMES)} ${familyRng.chance(0.5) ? kid.surname : familyRng.pick(SURNAMES)}`,
          `guardian.${code}@demo.school`,
          familyRng.pick(['Retired Government Employee', 'Business Owner', 'Farmer', 'Retired Teacher']),
          created,
        );
      if (kid === demoKid) {
        addParent(family, 'father', 'Rajesh Malhotra', 'parent@demo.school', 'Software Engineer', created);
        addParent(family, 'mother', 'Neelam Malhotra', `mother.${code}@demo.school`, 'Architect', created);
      } else {
        const shape = familyRng.weighted({ both: 70, father: 12, mother: 12, motherGuardian: 3, guardian: 3 });
        if (shape === 'both' || shape === 'father') dad();
        if (shape === 'both' || shape === 'mother' || shape === 'motherGuardian') mum();
        if (shape === 'motherGuardian' || shape === 'guardian') guardian();
      }
    }
  }

  allKids.forEach((kid, i) => {
    const { grade } = classList[kid.classIndex];
    const family = kid.family!;
    const created = at(kid.admissionDate, '10:00');
    const rows = studentRows({
      id: kid.id,
      userId: kid.userId,
      schoolId,
      name: `${kid.first} ${kid.surname}`,
      email: kid.email,
      passwordHash,
      phone: kidRng.phone(),
      classId: classIds[kid.classIndex],
      rollNumber: String(kid.roll),
      admissionNumber: `ADM${startYear}${String(i + 1).padStart(3, '0')}`,
      // Born in the year that puts the child in this grade this year (April to March).
      dateOfBirth: addDays(`${startYear - 6 - Number(grade)}-04-01`, kidRng.int(0, 364)),
      gender: kid.gender,
      admissionDate: kid.admissionDate,
      status: kid.status,
      address: { street: `${family.street}, ${family.area.area}`, city: CITY, state: STATE, zipCode: family.area.zip },
      at: created,
    });
    userRows.push(rows.user);
    studentRecords.push(rows.student);
    for (const member of family.members)
      linkRows.push({
        ...tenant,
        studentId: kid.id,
        parentId: member.parentId,
        relation: member.relation,
        createdAt: created,
      });
  });

  // Important dates: a few just past, most in the next two months.
  const dateRng = new Rng('important-dates');
  const importantDateRows: Insert<typeof importantDates>[] = [];
  const importantDateClassRows: Insert<typeof importantDateClasses>[] = [];
  for (const entry of CALENDAR) {
    const id = newId();
    const date = weekday(addDays(today, entry.offset), entry.offset < 0 ? -1 : 1);
    // The calendar of this year only: on its first days, the dates just past belong to the last one.
    if (date < yearStart) continue;
    importantDateRows.push({
      id,
      ...tenant,
      title: entry.title,
      description: entry.description,
      date,
      type: entry.type,
      priority: entry.priority,
      applyToAllClasses: !entry.classes,
      startTime: entry.startTime ?? null,
      endTime: entry.endTime ?? null,
      location: entry.location ?? null,
      createdBy: adminUserId,
      ...stamp(at(addDays(today, Math.min(entry.offset, 0) - dateRng.int(14, 30)), '12:00')),
    });
    for (const label of entry.classes ?? [])
      importantDateClassRows.push({ ...tenant, importantDateId: id, classId: classIds[classAt(label)] });
  }
  const holidays = new Set(importantDateRows.filter((d) => d.type === 'holiday').map((d) => d.date));

  // The last 30 school days, today included, and none before the year began.
  const schoolDays: string[] = [];
  for (let d = today; schoolDays.length < ATTENDANCE_DAYS && d >= yearStart; d = addDays(d, -1))
    if (!isWeekend(d) && !holidays.has(d)) schoolDays.unshift(d);

  // Student attendance: one mark per period the student sat (or missed) that day.
  const markRng = new Rng('student-attendance');
  const slotsByClassDay = new Map<string, typeof slots>();
  for (const slot of slots) {
    const key = `${slot.classIndex}:${slot.day}`;
    slotsByClassDay.set(key, [...(slotsByClassDay.get(key) ?? []), slot]);
  }
  const dayRemarks: Record<StudentStatus, readonly string[]> = {
    present: [],
    absent: ['Informed by parent', 'Not informed', 'Fever', 'Family function'],
    late: ['Arrived 10 minutes late', 'School bus delayed', "Came after a doctor's appointment"],
    excused: ['Medical leave', 'Represented the school at an inter-school quiz', 'Approved leave'],
  };
  const attendanceRows: MarkRow[] = [];
  for (const date of schoolDays) {
    const day = weekdayOf(date) - 1;
    classList.forEach((_, classIndex) => {
      const periods = slotsByClassDay.get(`${classIndex}:${day}`) ?? [];
      for (const kid of kidsByClass[classIndex]) {
        if (kid.status !== 'active' || kid.admissionDate > date) continue;
        const dayStatus = markRng.weighted<StudentStatus>({ present: 90.5, absent: 4.5, late: 3, excused: 2 });
        const remark = dayStatus !== 'present' && markRng.chance(0.7) ? markRng.pick(dayRemarks[dayStatus]) : null;
        const marked = new Set<string>();
        periods.forEach((slot, j) => {
          const subjectId = subjectRows[slot.course].id!;
          // Today only the periods that have begun, on the school's clock, have a register.
          if (date === today && PERIODS[slot.period].start > nowTime) return;
          if (marked.has(subjectId)) return;
          marked.add(subjectId);
          let status: StudentStatus = dayStatus === 'late' && j > 0 ? 'present' : dayStatus;
          let remarks = status === dayStatus ? remark : null;
          if (status === 'present' && markRng.chance(0.008)) {
            status = 'absent';
            remarks = 'Sent to the sick room';
          }
          const markedAt = at(date, plusMinutes(PERIODS[slot.period].start, 5 + (j % 3) * 3));
          attendanceRows.push({
            ...tenant,
            studentId: kid.id,
            classId: classIds[classIndex],
            subjectId,
            teacherId: teacherIds[slot.teacher],
            date,
            status,
            remarks,
            markedBy: teacherUserIds[slot.teacher],
            markedAt,
          });
        });
      }
    });
  }

  // Staff attendance, marked by the office each morning; times still ahead of `now` today are left blank.
  const staffDay = (rng: Rng, date: string) => {
    const status = rng.weighted<StaffStatus>({ present: 86, late: 7, 'half-day': 3, absent: 4 });
    const timeOrNull = (time: string) => (date === today && time > nowTime ? null : time);
    const checkIn =
      status === 'absent'
        ? null
        : status === 'late'
          ? plusMinutes('08:05', rng.int(0, 35))
          : plusMinutes('07:35', rng.int(0, 20));
    const checkOut =
      status === 'absent'
        ? null
        : status === 'half-day'
          ? plusMinutes('12:30', rng.int(0, 45))
          : plusMinutes('15:30', rng.int(0, 60));
    const remarks: Record<StaffStatus, readonly string[]> = {
      present: [],
      late: ['Traffic on the way', 'Informed in advance'],
      'half-day': ["Doctor's appointment", 'Personal work'],
      absent: ['Sick leave', 'Casual leave'],
    };
    return {
      status,
      remarks: status === 'present' ? null : rng.pick(remarks[status]),
      checkInTime: checkIn && timeOrNull(checkIn),
      checkOutTime: checkOut && timeOrNull(checkOut),
      markedAt: at(date, '09:15'),
    };
  };
  const teacherMarkRng = new Rng('teacher-attendance');
  const teacherAttendanceRows: Insert<typeof teacherAttendance>[] = schoolDays.flatMap((date) =>
    teacherIds.map((teacherId) => {
      const mark = staffDay(teacherMarkRng, date);
      return { id: newId(), ...tenant, teacherId, date, ...mark, markedBy: adminUserId, ...stamp(mark.markedAt) };
    }),
  );
  const employeeMarkRng = new Rng('employee-attendance');
  const employeeAttendanceRows: Insert<typeof employeeAttendance>[] = schoolDays.flatMap((date) =>
    employeeRows
      .filter((e) => e.status === 'active')
      .map((e) => {
        const { status, remarks, markedAt } = staffDay(employeeMarkRng, date);
        return {
          id: newId(),
          ...tenant,
          employeeId: e.id!,
          date,
          status,
          remarks,
          markedBy: adminUserId,
          markedAt,
          ...stamp(markedAt),
        };
      }),
  );

  // Fees: the year's structures per class, and payments from about 60% of students.
  const feeRng = new Rng('fees');
  const feeCategoryIds = new Map(FEES.map((f) => [f.category as string, newId()]));
  const feeCategoryRows: Insert<typeof feeCategories>[] = FEES.map((f) => ({
    id: feeCategoryIds.get(f.category),
    ...tenant,
    name: f.category,
    description: f.description,
    ...stamp(setupAt),
  }));
  const monthsIn = (Number(today.slice(0, 4)) - startYear) * 12 + Number(today.slice(5, 7)) - YEAR_START_MONTH;
  const dueDateOf = ({ due }: (typeof FEES)[number]) => {
    const month = YEAR_START_MONTH - 1 + (due.month === 'next' ? Math.min(monthsIn + 1, 11) : due.month);
    return `${startYear + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${String(due.day).padStart(2, '0')}`;
  };
  const structureOf = new Map<string, { id: string; amountMinor: number; dueDates: string[] }>();
  const feeStructureRows: Insert<typeof feeStructures>[] = classList.flatMap(({ grade }, classIndex) =>
    FEES.map((f) => {
      const dueDate = dueDateOf(f);
      const row = {
        id: newId(),
        ...tenant,
        classId: classIds[classIndex],
        categoryId: feeCategoryIds.get(f.category)!,
        amountMinor: f.amount[grade] * 100,
        dueDate,
        frequency: f.frequency,
        dueDates: instalmentDates(dueDate, f.frequency, YEAR_START_MONTH),
        optional: f.optional,
        academicYear,
        description: `${f.description}, Class ${grade}`,
        ...stamp(setupAt),
      };
      structureOf.set(`${classIndex}:${f.category}`, row);
      return row;
    }),
  );
  // Transport is taken by about a third of the pupils (the demo student among them), not the whole class; two
  // pupils admitted after the library fee fell due are charged it all the same.
  const assignmentRows: Insert<typeof feeAssignments>[] = [];
  const assigned = new Set<string>();
  const assign = (kid: Kid, category: string) => {
    const structureId = structureOf.get(`${kid.classIndex}:${category}`)!.id;
    assigned.add(`${kid.id}:${structureId}`);
    assignmentRows.push({ ...tenant, structureId, studentId: kid.id });
  };
  for (const kid of allKids) {
    if (kid.status === 'active' && ((kid.demo && !kid.siblingOf) || feeRng.chance(0.33))) assign(kid, 'Transport Fee');
  }
  allKids
    .filter(
      (kid) =>
        kid.status === 'active' && kid.admissionDate > structureOf.get(`${kid.classIndex}:Library Fee`)!.dueDates[0],
    )
    .slice(0, 2)
    .forEach((kid) => {
      assign(kid, 'Library Fee');
    });
  /** The instalments a pupil owes, as the portal counts them: from admission, or before it when charged. */
  const owedInstalments = (kid: Kid, category: string) => {
    const structure = structureOf.get(`${kid.classIndex}:${category}`)!;
    const isAssigned = assigned.has(`${kid.id}:${structure.id}`);
    const optional = FEES.find((f) => f.category === category)!.optional;
    return structure.dueDates
      .map((dueDate, i) => ({ dueDate, instalment: i + 1 }))
      .filter(({ dueDate }) =>
        optional ? isAssigned && dueDate >= kid.admissionDate : dueDate >= kid.admissionDate || isAssigned,
      )
      .filter(({ dueDate }) => dueDate <= addDays(today, 20));
  };
  const payments: Omit<Insert<typeof feeCollections>, 'receiptId'>[] = [];
  const payers = new Map<string, string | null>();
  const pay = (kid: Kid, category: string, instalment: number, opensOn: string, window: number) => {
    const structure = structureOf.get(`${kid.classIndex}:${category}`)!;
    const partial = category === 'Tuition Fee' && feeRng.chance(0.15);
    const amountMinor = partial ? Math.round(structure.amountMinor / 2 / 10_000) * 10_000 : structure.amountMinor;
    const method = feeRng.weighted({ upi: 35, cash: 20, 'bank-transfer': 15, online: 15, card: 10, cheque: 5 });
    const digits = String(feeRng.int(100_000_000, 999_999_999));
    const reference = {
      upi: `UPI ${digits}${feeRng.int(100, 999)}`,
      cash: null,
      'bank-transfer': `NEFT ${digits}`,
      online: `TXN${digits}`,
      card: `Card ending ${digits.slice(-4)}`,
      cheque: `Cheque ${digits.slice(0, 6)}`,
    }[method];
    const opened = kid.admissionDate > opensOn ? kid.admissionDate : opensOn;
    const id = newId();
    const family = kid.family?.members ?? [];
    payers.set(id, (family.find((m) => m.relation === 'father') ?? family[0])?.name ?? null);
    payments.push({
      id,
      ...tenant,
      studentId: kid.id,
      structureId: structure.id,
      instalment,
      amountMinor,
      method,
      paidOn: clampToToday(kid.admissionDate > opensOn ? opened : addDays(opened, feeRng.int(0, window))),
      reference,
      remarks: partial ? 'Part payment; balance due next month' : null,
      collectedBy: adminUserId,
    });
    return partial;
  };
  // About 60% of families pay as fees fall due: each instalment from a fortnight before its date, until one is
  // left unpaid or paid in part.
  const payInstalments = (kid: Kid, category: string, window: number, keepOn: number) => {
    for (const [i, { dueDate, instalment }] of owedInstalments(kid, category).entries()) {
      // The demo families keep up with their fees, so the family portal shows what a paying family sees.
      if (i > 0 && !kid.demo && !feeRng.chance(keepOn)) break;
      if (pay(kid, category, instalment, addDays(dueDate, -14), window)) break;
    }
  };
  for (const kid of allKids) {
    if (!kid.demo && !feeRng.chance(0.6)) continue;
    payInstalments(kid, 'Tuition Fee', 19, 0.85);
    if (feeRng.chance(0.5)) payInstalments(kid, 'Library Fee', 30, 1);
    payInstalments(kid, 'Transport Fee', 9, 0.9);
  }
  payments.sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : 0));
  const receiptRows: Insert<typeof feeReceipts>[] = [];
  const collectionRows: Insert<typeof feeCollections>[] = payments.map((p, i) => {
    const receiptId = newId();
    const issued = at(p.paidOn, plusMinutes('09:30', (i % 40) * 7));
    receiptRows.push({
      id: receiptId,
      ...tenant,
      number: i + 1,
      studentId: p.studentId,
      amountMinor: p.amountMinor,
      issuedOn: p.paidOn,
      issuedBy: adminUserId,
      payer: payers.get(p.id!) ?? null,
      ...stamp(issued),
    });
    return { ...p, receiptId, ...stamp(issued) };
  });

  // Complaints and a short activity trail.
  const parentName = (label: string, roll: number) => kidsByClass[classAt(label)][roll - 1].family!.members[0].name;
  const complaintRows: Insert<typeof complaints>[] = COMPLAINTS.map(({ offset, initiatedBy, ...c }) => {
    const date = clampToYear(addDays(today, offset));
    const name = typeof initiatedBy === 'string' ? initiatedBy : parentName(initiatedBy.parentOf, initiatedBy.roll);
    return {
      id: newId(),
      ...tenant,
      ...c,
      initiatedBy: name,
      date,
      loggedBy: adminUserId,
      ...stamp(at(date, '11:30')),
    };
  });

  const rahul = teacherUserIds[teacherOf('rahul')];
  const eightA = classAt('8A');
  const eightAMaths = subjectRows.find((r) => r.classId === classIds[eightA] && r.name === 'Mathematics')!.id;
  const rahulMark = attendanceRows.findLast((r) => r.subjectId === eightAMaths);
  const sportsDay = importantDateRows.find((d) => d.title === 'Annual Sports Day')!;
  const lastCollection = collectionRows.at(-1)!;
  const activityRows: Insert<typeof activityLogs>[] = [
    {
      userId: adminUserId,
      userName: 'Priya Sharma',
      action: 'update' as const,
      entity: 'class',
      entityId: classIds[eightA],
      summary: 'Assigned Rahul Verma as class teacher of 8-A',
      minutes: 60 * 24 * 6,
    },
    {
      userId: adminUserId,
      userName: 'Priya Sharma',
      action: 'create' as const,
      entity: 'important_date',
      entityId: sportsDay.id,
      summary: `Added ${sportsDay.title} on ${sportsDay.date}`,
      minutes: 60 * 24 * 3,
    },
    {
      userId: adminUserId,
      userName: 'Priya Sharma',
      action: 'create' as const,
      entity: 'fee_collection',
      entityId: lastCollection.id,
      summary: `Recorded a fee payment (receipt ${collectionRows.length})`,
      minutes: 60 * 24 * 2,
    },
    {
      userId: adminUserId,
      userName: 'Priya Sharma',
      action: 'create' as const,
      entity: 'complaint',
      entityId: complaintRows[0].id,
      summary: `Logged complaint: ${complaintRows[0].title}`,
      minutes: 60 * 24 * 2 - 90,
    },
    // On the first days of a year 8-A may not have had Mathematics yet.
    ...(rahulMark
      ? [
          {
            userId: rahul,
            userName: 'Rahul Verma',
            action: 'create' as const,
            entity: 'student_attendance',
            entityId: null,
            summary: `Marked Mathematics attendance for ${classLabel(eightA)} on ${rahulMark.date}`,
            at: rahulMark.markedAt,
          },
        ]
      : []),
    {
      userId: adminUserId,
      userName: 'Priya Sharma',
      action: 'export' as const,
      entity: 'student',
      entityId: null,
      summary: 'Exported the student list',
      minutes: 45,
    },
  ].map(({ minutes, at: createdAt, ...a }) => ({
    id: newId(),
    ...tenant,
    ...a,
    createdAt: createdAt ?? new Date(now.getTime() - (minutes ?? 0) * 60_000).toISOString(),
  }));

  // Writes: parents before children, so foreign keys hold inside every batch.
  const batches: TableRows[][] = [
    [
      rowsOf(schools, [schoolRow]),
      rowsOf(users, userRows),
      rowsOf(departments, departmentRows),
      rowsOf(employees, employeeRows),
      rowsOf(teachers, teacherRows),
      rowsOf(classes, classRows),
      rowsOf(subjectCategories, categoryRows),
      rowsOf(subjects, subjectRows),
      rowsOf(schedules, scheduleRows),
      rowsOf(students, studentRecords),
      rowsOf(parents, parentRows),
      rowsOf(studentParents, linkRows),
    ],
    [
      rowsOf(importantDates, importantDateRows),
      rowsOf(importantDateClasses, importantDateClassRows),
      rowsOf(feeCategories, feeCategoryRows),
      rowsOf(feeStructures, feeStructureRows),
      rowsOf(feeAssignments, assignmentRows),
      rowsOf(feeReceipts, receiptRows),
      rowsOf(feeCollections, collectionRows),
      rowsOf(complaints, complaintRows),
      rowsOf(activityLogs, activityRows),
      rowsOf(teacherAttendance, teacherAttendanceRows),
      rowsOf(employeeAttendance, employeeAttendanceRows),
    ],
    [
      {
        name: 'student_attendance',
        count: attendanceRows.length,
        items: (db) => markRowInserts(db, attendanceRows) as unknown as ReturnType<typeof jsonInserts>,
      },
    ],
    // The gradebook is made inside SQLite from the subjects and pupils just written: terms, assessments, marks.
    [
      {
        name: 'terms',
        count: 2,
        items: (db) =>
          gradebookStatements(db, { schoolId, yearStart, today, adminUserId, stamp: setupAt }) as unknown as ReturnType<
            typeof jsonInserts
          >,
      },
    ],
  ];

  const counts: Record<string, number> = {};
  try {
    for (const group of batches) {
      const items = group.flatMap((t) => t.items(db));
      for (let i = 0; i < items.length; i += STATEMENTS_PER_BATCH)
        await db.batch(batchOf(items.slice(i, i + STATEMENTS_PER_BATCH)));
      for (const t of group) counts[t.name] = t.count;
    }
    await db.batch(directoryRowsOf(db, schoolId));
  } catch (error) {
    // A half-seeded school would count as seeded and never be repaired: take back what was written.
    await removeSchool(db, schoolId).catch(() => undefined);
    throw error;
  }
  return { schoolId, counts };
}

/** Deletes every row of one school, children first, whether or not the driver enforces foreign keys. */
async function removeSchool(db: Database, schoolId: string) {
  const tenantTables = [
    attendanceRegisters,
    teacherAttendance,
    employeeAttendance,
    activityLogs,
    complaints,
    feeCollections,
    feeReceipts,
    feeAssignments,
    feeStructures,
    feeCategories,
    importantDateClasses,
    importantDates,
    studentParents,
    parents,
    students,
    schedules,
    subjects,
    subjectCategories,
    classes,
    teachers,
    employees,
    departments,
    users,
  ];
  await db.batch(
    batchOf([
      db
        .delete(assessmentMarks)
        .where(
          inArray(
            assessmentMarks.assessmentId,
            db.select({ id: assessments.id }).from(assessments).where(eq(assessments.schoolId, schoolId)),
          ),
        ),
      db.delete(reportPublications).where(eq(reportPublications.schoolId, schoolId)),
      db.delete(assessments).where(eq(assessments.schoolId, schoolId)),
      db.delete(terms).where(eq(terms.schoolId, schoolId)),
      db
        .delete(attendanceMarks)
        .where(
          inArray(
            attendanceMarks.registerId,
            db
              .select({ id: attendanceRegisters.id })
              .from(attendanceRegisters)
              .where(eq(attendanceRegisters.schoolId, schoolId)),
          ),
        ),
      ...tenantTables.map((table) => db.delete(table).where(eq(table.schoolId, schoolId))),
      db.delete(schools).where(eq(schools.id, schoolId)),
      ...directoryRowsRemoved(db, schoolId),
    ]),
  );
}
