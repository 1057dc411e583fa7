/**
 * /atManagement/addpeople (spec §2 add role, §6 role management, code 4-2):
 * a role's name, description and permissions — the power codes grouped by
 * category, each with its name and what it opens — and beside them the menu
 * a member holding the role will see, drawn from the route table the shell
 * itself uses. `?id=` edits a role.
 */
import {
  Button,
  Card,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CODE } from '../../shared/domains.js';
import { menuEntries, selectRoutes, type MenuEntry } from '../../shared/routes.js';
import type { PowerCode } from '../../shared/roles.js';
import {
  POWER_CATEGORIES,
  powerKey,
  roleInput,
  ROLE_LIMITS,
  type PowerCategory,
  type RoleItem,
} from '../../shared/staff/index.js';
import { refusedWith } from '../app/errors.js';
import { fieldMessages } from '../app/form.js';
import { PageProblem } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';
import { useOp, useOpMutation } from '../bridge.js';
import { titleText } from '../i18n/index.js';
import { ActionButton, CheckGroup, DetailPage, forTenant, TenantField, useScreen } from '../kit/index.js';
import { ROLES_PATH } from './paths.js';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(220px, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  category: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
    columnGap: tokens.spacingHorizontalM,
  },
  hint: { color: tokens.colorNeutralForeground3 },
  preview: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    position: 'sticky',
    top: tokens.spacingVerticalM,
  },
  menu: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
});

const CATEGORIES = Object.keys(POWER_CATEGORIES) as PowerCategory[];

export default function RoleFormPage() {
  const { t, navigate } = useScreen();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = idOfQuery(raw);
  const role = useOp('staff.role', { params: { id: id ?? 0 } }, { enabled: id !== undefined, staleTime: 0 });
  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => void navigate(ROLES_PATH)} data-testid="role-form-back">
      {t('common.back')}
    </Button>
  );
  if (raw !== null && id === undefined)
    return <PageProblem back={back} text={t('staff.role.notFound')} testId="role-form" />;
  if (id !== undefined && role.isError) {
    return (
      <PageProblem
        back={back}
        text={refusedWith(role.error, CODE.roleNotFound) ? t('staff.role.notFound') : t('common.loadFailed')}
        testId="role-form"
      />
    );
  }
  if (id !== undefined && !role.data) return <Spinner />;
  return (
    <DetailPage
      id="role-form"
      title={t(id === undefined ? 'staff.role.createTitle' : 'staff.role.editTitle')}
      back={back}
      wide
      titleTestId="role-form-title"
    >
      <RoleForm key={role.data?.id ?? 'new'} role={role.data} />
    </DetailPage>
  );
}

function RoleForm({ role }: { role: RoleItem | undefined }) {
  const { t, notify, report, navigate, user } = useScreen();
  const styles = useStyles();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [powers, setPowers] = useState<readonly PowerCode[]>(role?.powers ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error goes as soon as the field is changed (it stayed until the next save): the save checks it again.
  const clear = (field: string) =>
    setErrors((all) => {
      if (!(field in all)) return all;
      const { [field]: _gone, ...rest } = all;
      return rest;
    });
  const create = useOpMutation('staff.createRole', { invalidates: ['staff.roles'] });
  const update = useOpMutation('staff.updateRole', { invalidates: ['staff.roles', 'staff.role', 'staff.page'] });
  // A member grants only what it holds: the others are shown, not offered.
  const grantable = (code: PowerCode) => user.roleKind !== 'member' || user.allValue.includes(code);
  const toggle = (codes: readonly PowerCode[], on: boolean) => {
    setPowers((all) =>
      on ? [...new Set([...all, ...codes.filter(grantable)])] : all.filter((c) => !codes.includes(c)),
    );
    clear('powers');
  };

  const save = async () => {
    const body = { name, description, powers: [...powers] };
    const checked = roleInput.safeParse(body);
    const missingTenant = role === undefined && user.roleKind === 'admin' && tenantId === undefined;
    if (!checked.success || missingTenant) {
      setErrors({
        ...(checked.success
          ? {}
          : Object.fromEntries(
              checked.error.issues.map((i) => [String(i.path[0]), t(i.message as 'validation.invalid')]),
            )),
        ...(missingTenant ? { tenantId: t('validation.required') } : {}),
      });
      return;
    }
    setErrors({});
    try {
      if (role) await update.mutateAsync({ params: { id: role.id }, body: checked.data });
      else await create.mutateAsync({ body: { ...checked.data, ...forTenant(tenantId) } });
      notify(t('staff.role.saved'));
      await navigate(ROLES_PATH);
    } catch (error) {
      report(error, {
        fallback: t('staff.role.saveFailed'),
        onFields: (fields) => setErrors(fieldMessages(fields, t)),
      });
    }
  };

  return (
    <div className={styles.layout}>
      <div className={styles.form}>
        <Field label={t('staff.role.name')} required validationMessage={errors.name}>
          <Input
            value={name}
            maxLength={ROLE_LIMITS.name}
            onChange={(_, d) => {
              setName(d.value);
              clear('name');
            }}
            data-testid="role-form-name"
          />
        </Field>
        <Field label={t('staff.role.description')} validationMessage={errors.description}>
          <Textarea
            value={description}
            maxLength={ROLE_LIMITS.description}
            resize="vertical"
            onChange={(_, d) => {
              setDescription(d.value);
              clear('description');
            }}
            data-testid="role-form-description"
          />
        </Field>
        {role === undefined && user.roleKind === 'admin' && (
          <TenantField
            label={t('common.tenant')}
            required
            error={errors.tenantId}
            value={tenantId}
            onChange={(id) => {
              setTenantId(id);
              clear('tenantId');
            }}
            placeholder={t('common.tenant')}
            testId="role-form-tenant"
          />
        )}
        <CheckGroup
          label={t('staff.role.powers')}
          required
          error={errors.powers}
          hint={t('staff.role.count', { count: powers.length })}
          testId="role-form-powers"
        >
          {CATEGORIES.map((category) => {
            const codes = POWER_CATEGORIES[category];
            const chosen = codes.filter((c) => powers.includes(c)).length;
            return (
              <div key={category} className={styles.category}>
                <Checkbox
                  label={<Text weight="semibold">{t(`staff.category.${category}`)}</Text>}
                  disabled={!codes.some(grantable)}
                  checked={chosen === codes.length ? true : chosen > 0 ? 'mixed' : false}
                  onChange={(_, d) => toggle(codes, d.checked === true)}
                  data-testid={`role-category-${category}`}
                />
                <div className={styles.codes}>
                  {codes.map((code) => (
                    <Checkbox
                      key={code}
                      disabled={!grantable(code)}
                      checked={powers.includes(code)}
                      onChange={(_, d) => toggle([code], d.checked === true)}
                      label={
                        <span>
                          {t(`staff.power.${powerKey(code)}.name` as 'staff.power.p1_1.name')}{' '}
                          <Text size={200} className={styles.hint}>
                            {t(`staff.power.${powerKey(code)}.description` as 'staff.power.p1_1.description')}
                          </Text>
                        </span>
                      }
                      data-testid={`role-power-${code}`}
                    />
                  ))}
                </div>
              </div>
            );
          })}
        </CheckGroup>
        <div>
          <ActionButton appearance="primary" action={save} data-testid="role-form-save">
            {t('staff.role.save')}
          </ActionButton>
        </div>
      </div>
      <Card className={styles.preview} data-testid="role-preview">
        <Text weight="semibold">{t('staff.role.preview')}</Text>
        <MenuPreview powers={powers} />
      </Card>
    </div>
  );
}

/** The menu of a member holding exactly these codes: the shell's own route selection and menu rule. */
function MenuPreview({ powers }: { powers: readonly PowerCode[] }) {
  const { t } = useScreen();
  const styles = useStyles();
  if (!powers.length) return <Text size={200}>{t('staff.role.previewEmpty')}</Text>;
  const member = { roleKind: 'member' as const, allValue: [...powers] };
  const entries = menuEntries(selectRoutes(member), member);
  const draw = (list: readonly MenuEntry[]) => (
    <ul className={styles.menu}>
      {list.map((e) => (
        <li key={e.path} data-testid="role-preview-item">
          {e.title ? titleText(t, e.title) : e.path}
          {e.kind === 'group' && draw(e.children)}
        </li>
      ))}
    </ul>
  );
  return draw(entries);
}
