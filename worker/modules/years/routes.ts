import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { listYearsAnswer, rolloverAnswer, studentHistoryAnswer } from './answers';
import { studentHistory } from './history';
import { rollover } from './rollover';
import { rolloverBody } from './schemas';
import { listYears } from './service';

const admin = requireAuth('school_admin');

/** `/api/years`: the school's years, the rollover into the next, and a student's years. */
export const yearsRoutes = new Hono<HonoEnv>()
  .get(
    '/',
    contract({ summary: 'List school years', responses: { 200: listYearsAnswer } }),
    requireAuth(),
    async (c) => {
      const years = await listYears(tenant(c));
      return ok(c, years, { total: years.length });
    },
  )
  .post(
    '/rollover',
    contract({
      summary: 'Roll the school over into its next year (or plan it: dryRun)',
      responses: { 200: rolloverAnswer },
      refuses: ['YEAR_ROLLED', 'ROLLOVER_CONFLICTS'],
    }),
    admin,
    validate('json', rolloverBody),
    async (c) => {
      const plan = await rollover(tenant(c), c.req.valid('json'));
      return ok(c, plan, { message: plan.dryRun ? 'Rollover planned' : `The school is now in ${plan.to.name}.` });
    },
  )
  .get(
    '/students/:id',
    contract({ summary: "A student's years", responses: { 200: studentHistoryAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => {
      const years = await studentHistory(tenant(c), c.req.valid('param').id);
      return ok(c, years, { total: years.length });
    },
  );
