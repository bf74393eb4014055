import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, Pencil, Plus, Tags, Trash2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button, IconButton } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import * as Dialog from '~/components/ui/dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import * as Field from '~/components/ui/field';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import { categoriesQuery, type FeeCategory, useDeleteCategory, useSaveCategory } from '../api';
import { categorySchema } from '../schemas';

const styles = {
  addForm: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.4fr) auto' },
    gap: '3',
    alignItems: 'start',
    pb: '5',
    mb: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  addButton: css({ mt: { sm: '6' } }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0' }),
  name: css({ fontWeight: 'medium' }),
  description: css({ fontSize: 'sm', color: 'fg.muted' }),
  editRow: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1.4fr' }, gap: '2', flex: '1' }),
  buttons: css({ display: 'flex', gap: '1', flexShrink: '0' }),
};

function useCategoryForm() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = (category?: FeeCategory) => {
    setName(category?.name ?? '');
    setDescription(category?.description ?? '');
    setError(undefined);
  };
  const validate = () => {
    const result = categorySchema().safeParse({ name, description });
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return null;
    }
    return { name: result.data.name, description: result.data.description || undefined };
  };
  return { name, setName, description, setDescription, error, setError, reset, validate };
}

export function CategoriesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const categories = useQuery({ ...categoriesQuery(), enabled: open });
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const adding = useCategoryForm();
  const editing = useCategoryForm();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FeeCategory | null>(null);

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = adding.validate();
    if (!body) return;
    save.mutate(
      { body },
      {
        onSuccess: () => {
          toast.success(t`Fee category created successfully`);
          adding.reset();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const handleSaveEdit = (id: string) => {
    const body = editing.validate();
    if (!body) return;
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          toast.success(t`Fee category updated successfully`);
          setEditingId(null);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toast.success(t`Fee category deleted successfully`);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setDeleting(null);
      },
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="lg">
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Fee categories</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>The kinds of fee a class can be charged, such as tuition or transport.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <form className={styles.addForm} onSubmit={handleAdd} noValidate aria-label={t`Add a fee category`}>
            <Field.Root invalid={Boolean(adding.error)} required>
              <Field.Label>
                <Trans>Name</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input
                value={adding.name}
                placeholder={t`e.g. Sports Fee`}
                onChange={(event) => {
                  adding.setName(event.target.value);
                  adding.setError(undefined);
                }}
              />
              <Field.ErrorText>{adding.error}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>
                <Trans>Description</Trans>
              </Field.Label>
              <Field.Input value={adding.description} onChange={(event) => adding.setDescription(event.target.value)} />
            </Field.Root>
            <Button
              type="submit"
              className={styles.addButton}
              loading={save.isPending && !editingId}
              loadingText={t`Adding...`}
            >
              <Plus size={16} aria-hidden="true" />
              <Trans>Add</Trans>
            </Button>
          </form>
          {categories.isPending ? (
            <div className={styles.list}>
              {[0, 1, 2].map((row) => (
                <div key={row} className={styles.item}>
                  <Skeleton variant="text" w="40" />
                </div>
              ))}
            </div>
          ) : categories.isError ? (
            <ErrorState
              title={t`Categories could not be loaded`}
              description={categories.error.message}
              onRetry={() => void categories.refetch()}
            />
          ) : categories.data.length === 0 ? (
            <EmptyState as="h3" icon={Tags} title={t`No categories yet`} description={t`Add the first one above.`} />
          ) : (
            <ul className={styles.list} aria-label={t`Fee categories`}>
              {categories.data.map((category) =>
                editingId === category._id ? (
                  <li key={category._id} className={styles.item}>
                    <div className={styles.editRow}>
                      <Input
                        aria-label={t`Name`}
                        aria-invalid={Boolean(editing.error) || undefined}
                        value={editing.name}
                        onChange={(event) => editing.setName(event.target.value)}
                      />
                      <Input
                        aria-label={t`Description`}
                        value={editing.description}
                        onChange={(event) => editing.setDescription(event.target.value)}
                      />
                      {editing.error ? <p className={styles.description}>{editing.error}</p> : null}
                    </div>
                    <span className={styles.buttons}>
                      <IconButton
                        label={t`Save category`}
                        size="sm"
                        onClick={() => handleSaveEdit(category._id)}
                        disabled={save.isPending}
                      >
                        <Check size={16} aria-hidden="true" />
                      </IconButton>
                      <IconButton label={t`Cancel editing`} size="sm" onClick={() => setEditingId(null)}>
                        <X size={16} aria-hidden="true" />
                      </IconButton>
                    </span>
                  </li>
                ) : (
                  <li key={category._id} className={styles.item}>
                    <div className={styles.text}>
                      <span className={styles.name}>{category.name}</span>
                      {category.description ? <span className={styles.description}>{category.description}</span> : null}
                    </div>
                    <span className={styles.buttons}>
                      <IconButton
                        label={t`Edit ${category.name}`}
                        size="sm"
                        onClick={() => {
                          editing.reset(category);
                          setEditingId(category._id);
                        }}
                      >
                        <Pencil size={16} aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        label={t`Delete ${category.name}`}
                        size="sm"
                        color="danger.fg"
                        onClick={() => setDeleting(category)}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </IconButton>
                    </span>
                  </li>
                ),
              )}
            </ul>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            <Trans>Done</Trans>
          </Button>
        </Dialog.Footer>
      </Dialog.Surface>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && !remove.isPending && setDeleting(null)}
        title={t`Delete this category?`}
        description={
          deleting
            ? t`${deleting.name} will be removed. A category still used by a fee structure cannot be deleted.`
            : ''
        }
        confirmLabel={t`Delete category`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Dialog.Root>
  );
}
