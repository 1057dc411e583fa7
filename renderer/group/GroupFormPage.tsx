/**
 * /marketing/addgroup (hidden, spec §2 create group; §5: name, definition,
 * identifier and import method required): a customer group's name and
 * definition, the identifier its members are known by, how they come in
 * (imported beforehand, or as they sign in) and whether each claim waits for
 * a review. `?id=` edits a group: its identifier and import method stay, its
 * members were found by them. A new group opens on its own page, where its
 * identifiers are added.
 */
import {
  Button,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Switch,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import {
  GROUP_IDENTIFIERS,
  GROUP_LIMITS,
  groupInput,
  IMPORT_METHODS,
  type BehaviourRule,
  type GroupIdentifier,
  type GroupItem,
} from '../../shared/group/index.js';
import { useDetail } from '../app/detail.js';
import { FormInput } from '../app/FormInput.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import {
  DetailPage,
  FormRadio,
  FormTenantField,
  forTenant,
  tenantChoice,
  useDialogSave,
  useScreen,
} from '../kit/index.js';
import { BehaviourEditor, DEFAULT_RULE } from './BehaviourEditor.js';
import { GROUPS_PATH, groupPath } from './paths.js';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '640px',
  },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type Values = {
  name: string;
  definition: string;
  identifier: GroupIdentifier;
  importMethod: (typeof IMPORT_METHODS)[number];
  review: boolean;
  behaviour?: BehaviourRule | undefined;
  tenantId?: number | undefined;
};

/** The first message among a field's nested errors (a behaviour rule's are per condition and field). */
function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, nested] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}

const schemaFor = (tenantRequired: boolean) =>
  groupInput.safeExtend({
    tenantId: tenantRequired ? z.number({ error: 'validation.required' }) : z.number().optional(),
  }) as unknown as z.ZodType<Values, Values>;

export default function GroupFormPage() {
  const { t } = useScreen();
  const [params] = useSearchParams();
  const editing = params.get('id') !== null;
  const detail = useDetail('group.info', {
    backTo: GROUPS_PATH,
    backLabel: t('common.back'),
    testId: 'group-form',
    notFoundCode: CODE.groupNotFound,
    invalidId: t('group.notFound'),
  });
  if (editing && detail.gate) return detail.gate;
  const group = editing ? detail.data : undefined;
  return (
    <DetailPage
      id="group-form"
      title={t(group ? 'group.form.editTitle' : 'group.form.createTitle')}
      back={detail.back}
      titleTestId="group-form-title"
    >
      <GroupForm key={group?.id ?? 'new'} group={group} />
    </DetailPage>
  );
}

function GroupForm({ group }: { group: GroupItem | undefined }) {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  const choice = tenantChoice(user, !group);
  const create = useOpMutation('group.create', { invalidates: ['group.page'] });
  const update = useOpMutation('group.update', { invalidates: ['group.page', 'group.info'] });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schemaFor(choice === 'required'), t),
    defaultValues: {
      name: group?.name ?? '',
      definition: group?.definition ?? '',
      identifier: group?.identifier ?? 'phone',
      importMethod: group?.importMethod ?? 'preImport',
      review: group?.review ?? false,
      behaviour: group?.behaviour ?? undefined,
      tenantId: undefined,
    },
  });
  const importMethod = useWatch({ control: form.control, name: 'importMethod' });
  const chosenTenant = useWatch({ control: form.control, name: 'tenantId' });
  const computed = importMethod === 'behaviour';
  const leave = (id?: number) => void navigate(id === undefined ? GROUPS_PATH : groupPath(id));
  const submit = useDialogSave(form, {
    save: async ({ tenantId, identifier, importMethod: method, behaviour, ...body }) => {
      const rule = method === 'behaviour' ? { behaviour } : {};
      const saved = group
        ? await update.mutateAsync({ params: { id: group.id }, body: { ...body, ...rule } })
        : await create.mutateAsync({
            body: {
              ...body,
              ...rule,
              identifier: rule.behaviour ? 'cardNumber' : identifier,
              importMethod: method,
              ...forTenant(tenantId),
            },
          });
      leave(saved.id);
    },
    saved: t('group.form.saved'),
    failed: t('group.form.saveFailed'),
    goneCode: group ? CODE.groupNotFound : undefined,
    limits: GROUP_LIMITS,
    fieldCodes: { [CODE.groupNameTaken]: 'name' },
    // Saving moves to the group's page; "gone" goes back to the list.
    onClose: () => {},
    onGone: () => leave(),
  });

  return (
    <form className={styles.form} onSubmit={submit.dialog.onSubmit} noValidate data-testid="group-form">
      <FormTenantField control={form.control} choice={choice} testId="group-form-tenant" />
      <FormInput
        control={form.control}
        name="name"
        label={t('group.name')}
        input={{ maxLength: GROUP_LIMITS.name, 'data-testid': 'group-form-name' }}
      />
      <Controller
        control={form.control}
        name="definition"
        render={({ field, fieldState }) => (
          <Field
            label={t('group.definition')}
            required
            validationMessage={fieldState.error?.message}
            validationState={fieldState.error ? 'error' : 'none'}
          >
            <Textarea
              ref={field.ref}
              value={field.value}
              maxLength={GROUP_LIMITS.definition}
              resize="vertical"
              onChange={field.onChange}
              onBlur={field.onBlur}
              data-testid="group-form-definition"
            />
          </Field>
        )}
      />
      {!computed && (
        <FormRadio
          control={form.control}
          name="identifier"
          label={t('group.identifier')}
          options={GROUP_IDENTIFIERS.map((kind) => ({ value: kind, text: t(`group.identifiers.${kind}`) }))}
          disabled={group !== undefined}
          testId="group-form-identifier"
        />
      )}
      <Controller
        control={form.control}
        name="importMethod"
        render={({ field }) => (
          <Field label={t('group.importMethod')} required>
            <RadioGroup
              layout="horizontal"
              value={field.value}
              disabled={group !== undefined}
              onChange={(_, d) => {
                field.onChange(d.value);
                // A rule is asked for (and sent) only while the group is computed from behaviour.
                form.setValue(
                  'behaviour',
                  d.value === 'behaviour' ? (form.getValues('behaviour') ?? DEFAULT_RULE) : undefined,
                );
              }}
              data-testid="group-form-import-method"
            >
              {IMPORT_METHODS.map((method) => (
                <Radio
                  key={method}
                  value={method}
                  label={t(`group.importMethods.${method}`)}
                  data-testid={`group-form-method-${method}`}
                />
              ))}
            </RadioGroup>
          </Field>
        )}
      />
      {group && <Text className={styles.hint}>{t('group.form.fixed')}</Text>}
      {computed ? (
        <Controller
          control={form.control}
          name="behaviour"
          render={({ field, fieldState }) => (
            <Field label={t('group.behaviour.title')} required>
              <BehaviourEditor
                value={field.value ?? DEFAULT_RULE}
                onChange={field.onChange}
                tenantId={group?.tenantId ?? chosenTenant ?? user.tenantId ?? undefined}
                tenantNeeded={choice === 'required'}
                error={firstMessage(fieldState.error)}
              />
            </Field>
          )}
        />
      ) : (
        <Controller
          control={form.control}
          name="review"
          render={({ field }) => (
            <Field hint={t('group.reviewHint')}>
              <Switch
                checked={field.value}
                label={t('group.review')}
                onChange={(_, d) => field.onChange(d.checked)}
                data-testid="group-form-review"
              />
            </Field>
          )}
        />
      )}
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={submit.busy} data-testid="group-form-save">
          {t('group.form.save')}
        </Button>
      </div>
    </form>
  );
}
