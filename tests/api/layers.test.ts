import { describe, expect, it } from 'vitest';
import { layerProblem, layerProblems } from '../../scripts/check-layers';

describe('the layers (scripts/check-layers.ts, run by npm run lint)', () => {
  it('hold across the Worker and the client', () => {
    expect(layerProblems()).toEqual([]);
  });

  it('refuses a module reaching into another module, lib or db reaching up, a feature into another feature', () => {
    const broken: [string, string][] = [
      ['worker/modules/family/service.ts', 'worker/modules/fees/owed'],
      ['worker/modules/students/routes.ts', 'worker/modules/documents/routes'],
      ['worker/lib/realtime.ts', 'worker/modules/realtime/routes'],
      ['worker/db/guard.ts', 'worker/lib/errors'],
      ['client/features/students/components/profile-cards.tsx', 'client/features/documents/components/documents-panel'],
    ];
    for (const [from, to] of broken) expect(layerProblem(from, to), `${from} → ${to}`).not.toBeNull();
    const allowed: [string, string][] = [
      ['worker/modules/family/service.ts', 'worker/modules/fees'],
      ['worker/modules/family/service.ts', 'worker/modules/fees/schemas'],
      ['worker/modules/dashboard/answers.ts', 'worker/modules/complaints/answers'],
      ['worker/modules/fees/payments.ts', 'worker/modules/fees/owed'],
      ['worker/modules/fees/owed.ts', 'worker/lib/money'],
      ['worker/lib/tenancy.ts', 'worker/db/database'],
      ['client/features/students/components/profile-cards.tsx', 'client/features/documents'],
      ['client/features/students/components/profile-cards.tsx', 'client/features/students/api'],
    ];
    for (const [from, to] of allowed) expect(layerProblem(from, to), `${from} → ${to}`).toBeNull();
  });
});
