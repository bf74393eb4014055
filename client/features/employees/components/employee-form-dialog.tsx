import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { DateInput } from '~/components/ui/date-input';
import * as Dialog from '~/components/ui/dialog';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { FormSelect } from '~/components/ui/form-select';
import { toast } from '~/lib/toast';
import { departmentsQuery, type Employee, type EmployeeBody, useSaveEmployee } from '../api';
import { DEPARTMENTS, departmentLabel, POSITIONS, positionLabel } from '../format';
import { checkEmployee, type EmployeeField, type EmployeeForm } from '../validation';
import { formStyles, TextField, useFieldForm } from './form-parts';

const FORM_ID = 'employee-form';
const FIELDS: EmployeeField[] = ['name', 'position', 'department', 'email', 'phone', 'salary', 'joinDate'];

export type EmployeeFormMode = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; employee: Employee };

export interface EmployeeFormDialogProps {
  mode: EmployeeFormMode;
  onClose: () => void;
}

/** 'Recruit New Employee' and 'Edit Employee': name, position and department required. */
export function EmployeeFormDialog({ mode, onClose }: EmployeeFormDialogProps) {
  const editing = mode.kind === 'edit' ? mode.employee : null;
  return (
    <Dialog.Root open={mode.kind !== 'closed'} onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{editing ? t`Edit Employee` : t`Recruit New Employee`}</Dialog.Title>
          <Dialog.Description>
            <Trans>
              Non-teaching staff do not sign in; they appear in the staff register and its attendance. Fields marked *
              are required.
            </Trans>
          </Dialog.Description>
        </Dialog.Header>
        {mode.kind === 'closed' ? null : (
          <EmployeeFormBody key={editing?._id ?? 'new'} employee={editing} onDone={onClose} />
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

function formOf(employee: Employee | null): EmployeeForm {
  return {
    name: employee?.name ?? '',
    position: employee?.position ?? '',
    department: employee?.departmentId._id ?? '',
    email: employee?.email ?? '',
    phone: employee?.phone ?? '',
    salary: employee ? String(employee.salary) : '',
    joinDate: employee?.joinDate ?? '',
  };
}

function EmployeeFormBody({ employee, onDone }: { employee: Employee | null; onDone: () => void }) {
  const { form, errors, setErrors, set, refuse, formRef } = useFieldForm<EmployeeField, EmployeeForm>(() =>
    formOf(employee),
  );
  const departments = useQuery(departmentsQuery());
  const save = useSaveEmployee();

  // The school's own departments; until they arrive, the spec's seven by name (the server accepts either).
  const departmentOptions = departments.data
    ? departments.data.map((d) => ({ label: departmentLabel(d.name), value: d._id }))
    : DEPARTMENTS.map((name) => ({ label: departmentLabel(name), value: name }));
  const positions = [...new Set([...POSITIONS, ...(employee ? [employee.position] : [])])];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const verdict = checkEmployee(form);
    if (verdict) {
      refuse(verdict);
      return;
    }
    const body: EmployeeBody = {
      name: form.name.trim(),
      position: form.position,
      department: form.department,
      email: form.email.trim(),
      phone: form.phone.trim(),
      ...(form.salary.trim() ? { salary: Number(form.salary) } : {}),
      ...(form.joinDate ? { joinDate: form.joinDate } : {}),
    };
    try {
      await save.mutateAsync({ employeeId: employee?._id, body });
      toast.success(employee ? t`Employee updated successfully!` : t`Employee recruited successfully!`);
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      toast.error(employee ? t`Failed to update employee` : t`Failed to recruit employee`, {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <>
      <Dialog.Body>
        <form
          ref={formRef}
          id={FORM_ID}
          noValidate
          onSubmit={(event) => void submit(event)}
          className={formStyles.grid}
        >
          <TextField
            label={t`Full Name`}
            required
            wide
            value={form.name}
            onValueChange={set('name')}
            error={errors.name}
            maxLength={120}
          />
          <FormSelect
            label={t`Position`}
            required
            options={positions.map((p) => ({ label: positionLabel(p), value: p }))}
            value={form.position}
            onValueChange={set('position')}
            error={errors.position}
          />
          <FormSelect
            label={t`Department`}
            required
            options={departmentOptions}
            value={form.department}
            onValueChange={set('department')}
            error={errors.department}
          />
          <TextField
            label={t`Email`}
            type="email"
            inputMode="email"
            value={form.email}
            onValueChange={set('email')}
            error={errors.email}
            maxLength={254}
          />
          <TextField
            label={t`Phone`}
            type="tel"
            inputMode="tel"
            value={form.phone}
            onValueChange={set('phone')}
            error={errors.phone}
            maxLength={40}
          />
          <TextField
            label={t`Monthly Salary`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={form.salary}
            onValueChange={set('salary')}
            error={errors.salary}
          />
          <DateInput
            label={t`Join Date`}
            value={form.joinDate}
            onValueChange={set('joinDate')}
            error={errors.joinDate}
          />
        </form>
      </Dialog.Body>
      <Dialog.FormFooter
        form={FORM_ID}
        busy={save.isPending}
        loadingText={employee ? t`Saving...` : t`Recruiting...`}
        onCancel={onDone}
      >
        {employee ? t`Save Changes` : t`Recruit Employee`}
      </Dialog.FormFooter>
    </>
  );
}
