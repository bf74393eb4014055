import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, schoolId, timestamps } from './columns';
import { students, users } from './people';

export const documentOwners = ['student', 'teacher'] as const;

/** File metadata; the bytes live in the R2 bucket FILES under storageKey. */
export const documents = sqliteTable(
  'documents',
  {
    id: id(),
    schoolId: schoolId(),
    ownerType: text('owner_type', { enum: documentOwners }).notNull(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('documents_school_owner_idx').on(t.schoolId, t.ownerType, t.ownerId)],
);

export const transferCertificates = sqliteTable(
  'transfer_certificates',
  {
    id: id(),
    schoolId: schoolId(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    reason: text('reason').notNull(),
    leavingDate: text('leaving_date').notNull(),
    conduct: text('conduct').notNull(),
    remarks: text('remarks'),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('transfer_certificates_school_number_unique').on(t.schoolId, t.number),
    index('transfer_certificates_school_student_idx').on(t.schoolId, t.studentId),
  ],
);

export const complaintPriorities = ['low', 'medium', 'high'] as const;
export const complaintStatuses = ['open', 'in-progress', 'resolved', 'closed'] as const;

export const complaints = sqliteTable(
  'complaints',
  {
    id: id(),
    schoolId: schoolId(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category'),
    initiatedBy: text('initiated_by').notNull(),
    date: text('date').notNull(),
    priority: text('priority', { enum: complaintPriorities }).notNull().default('medium'),
    status: text('status', { enum: complaintStatuses }).notNull().default('open'),
    loggedBy: text('logged_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('complaints_school_date_idx').on(t.schoolId, t.date)],
);
