import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type Directory, openDirectory, writeAccounts } from '../../db/directory';
import { DbMeter } from '../../db/meter';
import { departments, schools, signInEmails, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { currentAcademicYear, defaultYearStartMonth } from '../../lib/academic-year';
import { AppError, isUniqueViolation } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import { EMAIL_TAKEN } from '../teachers';
import type { SchoolCreateInput } from './schemas';

/** The non-teaching departments every school starts with (spec-2 section 9). */
export const DEFAULT_DEPARTMENTS = ['Administration', 'IT', 'Finance', 'HR', 'Maintenance', 'Transport', 'Library'];

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The school's initials and six random characters without look-alikes (32^6, about a billion): four hex digits
 * (65,536) made two schools of similar names collide once there were a few hundred of them.
 */
function codeFrom(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 6);
  // 256 is a multiple of 32, so every character is equally likely.
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => CODE_ALPHABET[b % 32]).join('');
  return `${letters || 'SCH'}-${suffix}`;
}

/**
 * A school, its first administrator and its default departments, in one atomic batch on the shard it is placed
 * on (the one named, else the one holding the fewest schools); the directory learns its shard and the
 * administrator's email (`writeAccounts`).
 */
export async function createSchool(
  target: Directory | Database,
  hasher: PasswordHasher,
  input: SchoolCreateInput,
  now = new Date(),
  options: { shard?: number } = {},
) {
  const directory = 'shardOf' in target ? target : openDirectory(target, undefined, new DbMeter());
  const [[taken], shard] = await Promise.all([
    directory.db
      .select({ email: signInEmails.email })
      .from(signInEmails)
      .where(eq(signInEmails.email, input.adminEmail))
      .limit(1),
    directory.placement(options.shard),
  ]);
  if (taken) throw new AppError(409, EMAIL_TAKEN, { code: 'EMAIL_TAKEN' });
  const db = directory.shard(shard);
  const schoolId = newId();
  const adminId = newId();
  const timeZone = input.timeZone ?? 'UTC';
  const yearStartMonth = input.yearStartMonth ?? defaultYearStartMonth(timeZone);
  const school = {
    id: schoolId,
    name: input.name,
    code: input.code ?? codeFrom(input.name),
    timeZone,
    currency: input.currency ?? 'USD',
    language: input.language ?? 'en',
    // The year today falls in, on the school's own calendar.
    academicYear: currentAcademicYear(now, timeZone, yearStartMonth),
    yearStartMonth,
  };
  const passwordHash = await hasher.hash(input.adminPassword);
  try {
    await writeAccounts(directory, db, { schoolId, claim: [input.adminEmail], newSchoolOn: shard }, [
      db.insert(schools).values(school),
      db.insert(users).values({
        id: adminId,
        schoolId,
        role: 'school_admin',
        name: input.adminName,
        email: input.adminEmail,
        passwordHash,
        passwordChangeRequired: input.requirePasswordChange === true,
      }),
      db.insert(departments).values(DEFAULT_DEPARTMENTS.map((name) => ({ schoolId, name }))),
    ]);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'A school with this code or an account with this email already exists', {
        code: 'ALREADY_EXISTS',
      });
    throw error;
  }
  return {
    school: {
      _id: schoolId,
      name: school.name,
      code: school.code,
      timeZone: school.timeZone,
      currency: school.currency,
      academicYear: school.academicYear,
      yearStartMonth: school.yearStartMonth,
      language: school.language,
    },
    admin: { _id: adminId, name: input.adminName, email: input.adminEmail, role: 'school_admin' as const },
    shard,
  };
}
