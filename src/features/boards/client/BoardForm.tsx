import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { Field } from '@/components/ui/Field';
import { SelectField } from '@/components/ui/SelectField';
import { TextareaField } from '@/components/ui/TextareaField';
import { api } from '@/lib/api';
import { BOARD_POSTING, BOARD_VISIBILITY, boardInput, slugify, type AdminBoard } from '../schema';
import { GrantPicker, type GrantedPerson } from './GrantPicker';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof boardInput>;
type Output = z.output<typeof boardInput>;
const FIELDS = ['name', 'slug', 'description', 'visibility', 'posting', 'grantedUserIds'] as const;
const VISIBILITY_KEYS = { public: 'visibilityPublic', private: 'visibilityPrivate' } as const;
const POSTING_KEYS = { members: 'postingMembers', team: 'postingTeam' } as const;

/**
 * Creates a board (no `board`) or edits one, with the server's schema (boardInput) for instant
 * feedback. While creating, the slug follows the name until it is edited by hand.
 */
export function BoardForm({
  board,
  onSaved,
  onCancel,
}: {
  board?: AdminBoard;
  onSaved: (board: AdminBoard) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations('teamSetup.boardForm');
  const [granted, setGranted] = useState<GrantedPerson[]>(board?.grantedMembers ?? []);
  const [slugEdited, setSlugEdited] = useState(Boolean(board));
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(boardInput),
    defaultValues: {
      name: board?.name ?? '',
      slug: board?.slug ?? '',
      description: board?.description ?? '',
      visibility: board?.visibility ?? 'public',
      posting: board?.posting ?? 'members',
      grantedUserIds: board?.grantedMembers.map((m) => m.id) ?? [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const visibility = useWatch({ control: form.control, name: 'visibility' });
  const prefix = board ? `edit-${board.id}` : 'new-board';

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = board
        ? await api<AdminBoard>(`/api/v1/boards/${encodeURIComponent(board.slug)}`, { method: 'PATCH', body: values })
        : await api<AdminBoard>('/api/v1/boards', { method: 'POST', body: values });
      if (!board) {
        form.reset();
        setGranted([]);
        setSlugEdited(false);
      }
      onSaved(saved);
    } catch (err) {
      setProblem(errorText.inForm(err, form.setError, FIELDS));
    }
  });

  const name = form.register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (!slugEdited) form.setValue('slug', slugify(e.target.value));
    },
  });
  const slug = form.register('slug', { onChange: () => setSlugEdited(true) });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4"
      data-testid={board ? 'board-edit-form' : 'board-create-form'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${prefix}-name`} label={t('name')} autoComplete="off" error={errors.name?.message} {...name} />
        <Field id={`${prefix}-slug`} label={t('slug')} autoComplete="off" hint={t('slugHint')} error={errors.slug?.message} {...slug} />
      </div>
      <TextareaField
        id={`${prefix}-description`}
        label={t('description')}
        rows={2}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={`${prefix}-visibility`}
          label={t('visibility')}
          options={BOARD_VISIBILITY.map((v) => ({ value: v, label: t(VISIBILITY_KEYS[v]) }))}
          error={errors.visibility?.message}
          {...form.register('visibility')}
        />
        <SelectField
          id={`${prefix}-posting`}
          label={t('posting')}
          options={BOARD_POSTING.map((p) => ({ value: p, label: t(POSTING_KEYS[p]) }))}
          error={errors.posting?.message}
          {...form.register('posting')}
        />
      </div>
      {visibility === 'private' ? (
        <GrantPicker
          value={granted}
          error={errors.grantedUserIds?.message}
          onChange={(people) => {
            setGranted(people);
            form.setValue(
              'grantedUserIds',
              people.map((p) => p.id),
            );
          }}
        />
      ) : null}
      <div aria-live="polite" className="empty:hidden">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
      </div>
      <FormActions
        busy={isSubmitting}
        submitLabel={board ? t('save') : t('create')}
        onCancel={onCancel}
        submitTestId={board ? 'board-save' : 'board-create'}
      />
    </form>
  );
}
