/**
 * Every row of the large school except the student attendance marks, which are made inside SQLite
 * (see attendance.ts). Rows are plain objects shaped like the schema, written with `jsonInserts`.
 */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type {
  classes,
  departments,
  feeCategories,
  feeCollections,
  feeReceipts,
  feeStructures,
  importantDates,
  parents,
  schedules,
  schools,
  studentParents,
  students,
  subjectCategories,
  subjects,
  teacherAttendance,
  teachers,
  users,
} from '../../../worker/db/schema';
import { newId } from '../../../worker/db/schema/columns';
import { studentRows } from '../../../worker/db/student-rows';
import { addDays } from '../../../worker/lib/time';
import { DEFAULT_DEPARTMENTS } from '../../../worker/modules/platform/service';
import { CATEGORIES, FEES, SUBJECTS } from '../seed/curriculum';
import { CALENDAR } from '../seed/events';
import {
  BOY_NAMES,
  BUILDINGS,
  CITY,
  emailPart,
  FATHER_NAMES,
  GIRL_NAMES,
  LOCALITIES,
  MOTHER_NAMES,
  OCCUPATIONS,
  STATE,
  SURNAMES,
} from '../seed/people';
import { Rng } from '../seed/random';
import { buildTimetable, type CourseLoad, DAYS, PERIODS } from '../seed/timetable';
import {
  ACADEMIC_YEAR,
  classLabels,
  classSizes,
  DOMAIN,
  IMPORTANT_DATES,
  MANIFEST_SUBJECT,
  SCHOOL_CODE,
  SEMESTER,
  type Sizes,
  schoolDays,
  TIME_ZONE,
  WEEKLY_PLAN,
  ZONE_OFFSET_MINUTES,
} from './plan';

type Insert<T extends SQLiteTable> = T['$inferInsert'];

export interface LargeSchool {
  schoolId: string;
  schoolCode: string;
  adminUserId: string;
  days: string[];
  free: string;
  rows: {
    schools: Insert<typeof schools>[];
    users: Insert<typeof users>[];
    departments: Insert<typeof departments>[];
    teachers: Insert<typeof teachers>[];
    classes: Insert<typeof classes>[];
    subjectCategories: Insert<typeof subjectCategories>[];
    subjects: Insert<typeof subjects>[];
    schedules: Insert<typeof schedules>[];
    students: Insert<typeof students>[];
    parents: Insert<typeof parents>[];
    studentParents: Insert<typeof studentParents>[];
    importantDates: Insert<typeof importantDates>[];
    feeCategories: Insert<typeof feeCategories>[];
    feeStructures: Insert<typeof feeStructures>[];
    feeReceipts: Insert<typeof feeReceipts>[];
    feeCollections: Insert<typeof feeCollections>[];
  };
  /** Made lazily, day by day, so the year's staff marks are never all in memory with everything else. */
  teacherAttendanceFor(date: string): Insert<typeof teacherAttendance>[];
  manifest: {
    teacher: { id: string; email: string };
    student: { id: string; email: string };
    parentEmail: string;
    of10: { id: string; subjectId: string; studentCount: number };
    of40: { id: string; subjectId: string; studentCount: number };
  };
}

/** A school-local date and time as the UTC ISO instant the app stores. */
export function instant(date: string, time: string): string {
  return new Date(Date.parse(`${date}T${time}:00Z`) - ZONE_OFFSET_MINUTES * 60_000).toISOString();
}

function plusMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function buildLargeSchool(options: { sizes: Sizes; passwordHash: string; today: string }): LargeSchool {
  const { sizes, passwordHash, today } = options;
  const rng = new Rng('large-school');
  const schoolId = newId();
  const tenant = { schoolId };
  const stamp = (iso: string) => ({ createdAt: iso, updatedAt: iso });

  // The calendar first: holidays are taken out of the school days.
  const dateRng = new Rng('large-dates');
  const holidayTitles = CALENDAR.filter((c) => c.type === 'holiday');
  const otherTitles = CALENDAR.filter((c) => c.type !== 'holiday');
  const holidayDates: string[] = [];
  const { days, free } = schoolDays(today, (first, last) => {
    const span = Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000);
    const out = new Set<string>();
    while (out.size < 10) {
      const d = addDays(first, dateRng.int(0, span - 1));
      const day = new Date(`${d}T00:00:00Z`).getUTCDay();
      if (day !== 0 && day !== 6) out.add(d);
    }
    holidayDates.push(...[...out].sort());
    return out;
  });
  const first = days[0];
  const setupAt = instant(addDays(first, -30), '10:00');

  const adminUserId = newId();
  const schoolRow: Insert<typeof schools> = {
    id: schoolId,
    name: 'Riverside Public School',
    code: SCHOOL_CODE,
    email: `office@${DOMAIN}`,
    phone: '+91 20 4000 5000',
    address: 'Riverside Road, Kharadi, Pune, Maharashtra 411014',
    website: `https://${DOMAIN}`,
    academicBoard: 'CBSE',
    academicYear: ACADEMIC_YEAR,
    yearStartMonth: 4,
    semester: SEMESTER,
    timeZone: TIME_ZONE,
    currency: 'INR',
    ...stamp(setupAt),
  };
  const userRows: Insert<typeof users>[] = [
    {
      id: adminUserId,
      ...tenant,
      role: 'school_admin',
      name: 'Meera Kulkarni',
      email: `admin@${DOMAIN}`,
      passwordHash,
      phone: rng.phone(),
      ...stamp(setupAt),
    },
  ];
  const departmentRows = DEFAULT_DEPARTMENTS.map((name) => ({ id: newId(), ...tenant, name, ...stamp(setupAt) }));

  // Teachers: each has a main subject, in proportion to the periods the subject takes.
  const totalPerWeek = WEEKLY_PLAN.reduce((sum, [, n]) => sum + n, 0);
  const mainSubject: string[] = [];
  WEEKLY_PLAN.forEach(([subject, perWeek], k) => {
    const share =
      k === WEEKLY_PLAN.length - 1
        ? sizes.teachers - mainSubject.length
        : Math.round((sizes.teachers * perWeek) / totalPerWeek);
    for (let i = 0; i < share && mainSubject.length < sizes.teachers; i++) mainSubject.push(subject);
  });
  const teacherList = mainSubject.map((subject, i) => {
    const gender = rng.chance(0.6) ? ('female' as const) : ('male' as const);
    const name = `${rng.pick(gender === 'male' ? BOY_NAMES : GIRL_NAMES)} ${rng.pick(SURNAMES)}`;
    return {
      id: newId(),
      userId: newId(),
      name,
      gender,
      email: `teacher${pad(i + 1, 4)}@${DOMAIN}`,
      subjects: [subject],
      load: 0,
      classTeacherOf: 0,
    };
  });

  // Classes and their subjects; each subject goes to the least busy teacher of it (anyone, if none has it as main).
  const labels = classLabels(sizes.classes);
  const sizeOf = classSizes(sizes.students, sizes.classes, () => rng.next());
  const categoryIds = new Map(CATEGORIES.map((c) => [c.name as string, newId()]));
  const classRows: Insert<typeof classes>[] = [];
  const subjectRows: Insert<typeof subjects>[] = [];
  const loads: CourseLoad[] = [];
  const subjectOfClass: Map<string, string>[] = [];
  labels.forEach(({ name, section }, classIndex) => {
    const classId = newId();
    const taught = new Map<string, string>();
    const teachersHere: typeof teacherList = [];
    for (const [subject, perWeek] of WEEKLY_PLAN) {
      const pool = teacherList.filter((t) => t.subjects[0] === subject);
      const teacher = (pool.length > 0 ? pool : teacherList).reduce((a, b) => (b.load < a.load ? b : a));
      teacher.load += perWeek;
      if (!teacher.subjects.includes(subject)) teacher.subjects.push(subject);
      teachersHere.push(teacher);
      const info = SUBJECTS[subject];
      const subjectId = newId();
      taught.set(subject, subjectId);
      loads.push({ classIndex, course: subjectRows.length, teacher: teacherList.indexOf(teacher), perWeek });
      subjectRows.push({
        id: subjectId,
        ...tenant,
        name: subject,
        code: `${info.code}-${name}${section}`,
        description: info.description,
        classId,
        teacherId: teacher.id,
        categoryId: categoryIds.get(info.category),
        credits: info.credits,
        type: info.type,
        ...stamp(setupAt),
      });
    }
    const classTeacher = teachersHere.reduce((a, b) => (b.classTeacherOf < a.classTeacherOf ? b : a));
    classTeacher.classTeacherOf += 1;
    subjectOfClass.push(taught);
    classRows.push({
      id: classId,
      ...tenant,
      name,
      section,
      teacherId: classTeacher.id,
      capacity: Math.max(40, Math.ceil(sizeOf[classIndex] / 5) * 5 + 5),
      room: String(100 + classIndex + 1),
      academicYear: ACADEMIC_YEAR,
      ...stamp(setupAt),
    });
  });
  const teacherRows: Insert<typeof teachers>[] = teacherList.map((t, i) => {
    userRows.push({
      id: t.userId,
      ...tenant,
      role: 'teacher',
      name: t.name,
      email: t.email,
      passwordHash,
      phone: rng.phone(),
      ...stamp(setupAt),
    });
    const area = rng.pick(LOCALITIES);
    return {
      id: t.id,
      ...tenant,
      userId: t.userId,
      department: 'Teaching',
      designation: i % 10 === 0 ? 'Senior Teacher' : 'Teacher',
      qualification: rng.pick(['B.Ed', 'M.Ed', 'M.Sc, B.Ed', 'M.A., B.Ed']),
      experienceYears: rng.int(1, 25),
      salaryMinor: rng.int(35, 90) * 1000 * 100,
      dateOfBirth: addDays('1975-01-01', rng.int(0, 7000)),
      gender: t.gender,
      subjects: t.subjects,
      addressStreet: `${rng.int(1, 99)}, ${rng.pick(BUILDINGS)}, ${area.area}`,
      addressCity: CITY,
      addressState: STATE,
      addressZip: area.zip,
      joinedOn: addDays('2010-06-01', rng.int(0, 4000)),
      isActive: true,
      ...stamp(setupAt),
    };
  });
  const categoryRows = CATEGORIES.map((c) => ({
    id: categoryIds.get(c.name),
    ...tenant,
    name: c.name,
    description: c.description,
    ...stamp(setupAt),
  }));

  // The weekly timetable: clash-free for classes and teachers.
  const slots = buildTimetable(loads, labels.length, teacherList.length, new Rng('large-timetable'));
  const scheduleRows: Insert<typeof schedules>[] = slots
    .sort((a, b) => a.classIndex - b.classIndex || a.day - b.day || a.period - b.period)
    .map((slot) => ({
      id: newId(),
      ...tenant,
      teacherId: teacherList[slot.teacher].id,
      classId: classRows[slot.classIndex].id!,
      subjectId: subjectRows[slot.course].id!,
      dayOfWeek: DAYS[slot.day],
      startTime: PERIODS[slot.period].start,
      endTime: PERIODS[slot.period].end,
      room: classRows[slot.classIndex].room,
      academicYear: ACADEMIC_YEAR,
      semester: SEMESTER,
      ...stamp(setupAt),
    }));

  // Students, each with a parent account; about one in ten shares a parent with a brother or sister.
  const studentRecords: Insert<typeof students>[] = [];
  const parentRows: Insert<typeof parents>[] = [];
  const linkRows: Insert<typeof studentParents>[] = [];
  const families: { parentId: string; relation: 'father' | 'mother'; surname: string; street: string }[] = [];
  const admissionOn = addDays(first, -10);
  const admittedAt = instant(admissionOn, '10:00');
  let serial = 0;
  sizeOf.forEach((size, classIndex) => {
    const grade = Number(labels[classIndex].name);
    const kids = Array.from({ length: size }, () => {
      const gender = rng.chance(0.5) ? ('male' as const) : ('female' as const);
      return { gender, first: rng.pick(gender === 'male' ? BOY_NAMES : GIRL_NAMES), surname: rng.pick(SURNAMES) };
    }).sort((a, b) => (`${a.first} ${a.surname}` < `${b.first} ${b.surname}` ? -1 : 1));
    kids.forEach((kid, i) => {
      serial += 1;
      const id = newId();
      const userId = newId();
      let family = families.length > 20 && rng.chance(0.1) ? rng.pick(families) : undefined;
      if (!family) {
        const relation = rng.chance(0.55) ? ('mother' as const) : ('father' as const);
        const parentUserId = newId();
        family = {
          parentId: newId(),
          relation,
          surname: kid.surname,
          street: `Flat ${rng.int(1, 12)}0${rng.int(1, 4)}, ${rng.pick(BUILDINGS)}`,
        };
        families.push(family);
        userRows.push({
          id: parentUserId,
          ...tenant,
          role: 'parent',
          name: `${rng.pick(relation === 'mother' ? MOTHER_NAMES : FATHER_NAMES)} ${kid.surname}`,
          email: `parent${pad(families.length, 5)}@${DOMAIN}`,
          passwordHash,
          phone: rng.phone(),
          ...stamp(admittedAt),
        });
        parentRows.push({
          id: family.parentId,
          ...tenant,
          userId: parentUserId,
          occupation: rng.pick(OCCUPATIONS),
          ...stamp(admittedAt),
        });
      }
      const area = rng.pick(LOCALITIES);
      const rows = studentRows({
        id,
        userId,
        schoolId,
        name: `${kid.first} ${kid.surname}`,
        email: `${emailPart(kid.first)}.${serial}@${DOMAIN}`,
        passwordHash,
        phone: rng.phone(),
        classId: classRows[classIndex].id!,
        rollNumber: String(i + 1),
        admissionNumber: `ADM${pad(serial, 5)}`,
        dateOfBirth: addDays(`${2020 - grade}-04-01`, rng.int(0, 364)),
        gender: kid.gender,
        admissionDate: admissionOn,
        address: { street: `${family.street}, ${area.area}`, city: CITY, state: STATE, zipCode: area.zip },
        at: admittedAt,
      });
      userRows.push(rows.user);
      studentRecords.push(rows.student);
      linkRows.push({
        ...tenant,
        studentId: id,
        parentId: family.parentId,
        relation: family.relation,
        createdAt: admittedAt,
      });
    });
  });

  // Important dates: the holidays, the rest spread from a month before the year to two months ahead.
  const importantDateRows: Insert<typeof importantDates>[] = [];
  const addDate = (entry: (typeof CALENDAR)[number], date: string) => {
    importantDateRows.push({
      id: newId(),
      ...tenant,
      title: entry.title,
      description: entry.description,
      date,
      type: entry.type,
      priority: entry.priority,
      applyToAllClasses: true,
      startTime: entry.startTime ?? null,
      endTime: entry.endTime ?? null,
      location: entry.location ?? null,
      createdBy: adminUserId,
      ...stamp(setupAt),
    });
  };
  holidayDates.forEach((date, i) => {
    addDate(holidayTitles[i % holidayTitles.length], date);
  });
  const spread = Math.round((Date.parse(today) - Date.parse(first)) / 86_400_000) + 90;
  for (let i = 0; importantDateRows.length < IMPORTANT_DATES; i++)
    addDate(otherTitles[i % otherTitles.length], addDays(first, -30 + dateRng.int(0, spread)));

  // Fees: four structures per class, and a year of payments.
  const feeRng = new Rng('large-fees');
  const feeCategoryRows = FEES.map((f) => ({
    id: newId(),
    ...tenant,
    name: f.category,
    description: f.description,
    ...stamp(setupAt),
  }));
  const structures = classRows.map((klass, classIndex) =>
    FEES.map((f, k) => ({
      id: newId(),
      ...tenant,
      classId: klass.id!,
      categoryId: feeCategoryRows[k].id,
      amountMinor: Math.round(f.amount['6'] * (0.6 + Number(labels[classIndex].name) * 0.08)) * 100,
      dueDate: addDays(first, 14 + k * 30),
      frequency: f.frequency,
      academicYear: ACADEMIC_YEAR,
      description: `${f.description}, Class ${labels[classIndex].name}`,
      ...stamp(setupAt),
    })),
  );
  const payments: Omit<Insert<typeof feeCollections>, 'receiptId'>[] = [];
  const chances = [0.75, 0.3, 0.5, 0.45];
  let studentIndex = 0;
  sizeOf.forEach((size, classIndex) => {
    for (let s = 0; s < size; s++, studentIndex++) {
      const studentId = studentRecords[studentIndex].id!;
      structures[classIndex].forEach((structure, k) => {
        if (!feeRng.chance(chances[k])) return;
        const partial = k === 0 && feeRng.chance(0.2);
        const paidOn = addDays(structure.dueDate, feeRng.int(-10, 40));
        payments.push({
          id: newId(),
          ...tenant,
          studentId,
          structureId: structure.id,
          amountMinor: partial ? Math.round(structure.amountMinor / 2) : structure.amountMinor,
          method: feeRng.weighted({ upi: 35, cash: 20, 'bank-transfer': 15, online: 15, card: 10, cheque: 5 }),
          paidOn: paidOn < today ? paidOn : addDays(today, -1),
          reference: `TXN${feeRng.int(100_000_000, 999_999_999)}`,
          remarks: partial ? 'Part payment; balance due next month' : null,
          collectedBy: adminUserId,
        });
      });
    }
  });
  payments.sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : 0));
  const receiptRows: Insert<typeof feeReceipts>[] = [];
  const collectionRows = payments.map((p, i) => {
    const receiptId = newId();
    const issued = instant(p.paidOn, plusMinutes('09:30', (i % 40) * 7));
    receiptRows.push({
      id: receiptId,
      ...tenant,
      number: i + 1,
      studentId: p.studentId,
      amountMinor: p.amountMinor,
      issuedOn: p.paidOn,
      issuedBy: adminUserId,
      ...stamp(issued),
    });
    return { ...p, receiptId, ...stamp(issued) };
  });

  // Staff attendance, marked by the office each morning.
  const teacherAttendanceFor = (date: string): Insert<typeof teacherAttendance>[] => {
    const markRng = new Rng(`large-teacher-attendance-${date}`);
    const markedAt = instant(date, '09:15');
    return teacherList.map((t) => {
      const status = markRng.weighted({ present: 86, late: 7, 'half-day': 3, absent: 4 });
      return {
        id: newId(),
        ...tenant,
        teacherId: t.id,
        date,
        status,
        remarks: status === 'present' ? null : 'Informed the office',
        checkInTime:
          status === 'absent' ? null : plusMinutes(status === 'late' ? '08:05' : '07:35', markRng.int(0, 25)),
        checkOutTime:
          status === 'absent' ? null : plusMinutes(status === 'half-day' ? '12:30' : '15:30', markRng.int(0, 45)),
        markedBy: adminUserId,
        markedAt,
        ...stamp(markedAt),
      };
    });
  };

  const of40 = 0;
  const of10 = classRows.length - 1;
  const teacherOf40 = subjectRows.find((s) => s.classId === classRows[of40].id && s.name === MANIFEST_SUBJECT)!
    .teacherId!;
  const parentOfFirst = linkRows[0].parentId;
  return {
    schoolId,
    schoolCode: schoolRow.code,
    adminUserId,
    days,
    free,
    rows: {
      schools: [schoolRow],
      users: userRows,
      departments: departmentRows,
      teachers: teacherRows,
      classes: classRows,
      subjectCategories: categoryRows,
      subjects: subjectRows,
      schedules: scheduleRows,
      students: studentRecords,
      parents: parentRows,
      studentParents: linkRows,
      importantDates: importantDateRows,
      feeCategories: feeCategoryRows,
      feeStructures: structures.flat(),
      feeReceipts: receiptRows,
      feeCollections: collectionRows,
    },
    teacherAttendanceFor,
    manifest: {
      teacher: { id: teacherOf40, email: teacherList.find((t) => t.id === teacherOf40)!.email },
      student: { id: studentRecords[0].id!, email: userRows.find((u) => u.id === studentRecords[0].userId)!.email },
      parentEmail: userRows.find((u) => u.id === parentRows.find((p) => p.id === parentOfFirst)!.userId)!.email,
      of10: {
        id: classRows[of10].id!,
        subjectId: subjectOfClass[of10].get(MANIFEST_SUBJECT)!,
        studentCount: sizeOf[of10],
      },
      of40: {
        id: classRows[of40].id!,
        subjectId: subjectOfClass[of40].get(MANIFEST_SUBJECT)!,
        studentCount: sizeOf[of40],
      },
    },
  };
}
