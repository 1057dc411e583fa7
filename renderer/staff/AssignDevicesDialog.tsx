/**
 * Assigning devices to a member: two lists — the member's
 * tenant's devices still to assign, found by name or serial and by point,
 * and those assigned — with Add and Remove between them; saved as the
 * member's whole set (none: it sees every device of its tenant again).
 */
import {
  Button,
  Checkbox,
  Dropdown,
  Input,
  makeStyles,
  Option,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, SearchRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AssignedDevice, MemberItem } from '../../shared/staff/index.js';
import { deviceLabel } from '../../shared/device/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(880px, calc(100vw - 32px))', width: '880px' },
  hint: { color: tokens.colorNeutralForeground2 },
  lists: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'stretch',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  filters: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '120px' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    height: '280px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS,
  },
  moves: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    '@media (max-width: 600px)': { flexDirection: 'row' },
  },
  empty: { color: tokens.colorNeutralForeground2, padding: tokens.spacingVerticalS },
});

const NONE: readonly AssignedDevice[] = [];
const labelOf = (d: AssignedDevice) => deviceLabel(d);

export function AssignDevicesDialog({ member, onClose }: { member: MemberItem; onClose: () => void }) {
  const { t } = useScreen();
  const styles = useStyles();
  const current = useOp('staff.devices', { params: { id: member.id } }, { staleTime: 0 });
  const choices = useOp('staff.deviceChoices', { params: { id: member.id }, body: {} }, { staleTime: 0 });
  const assign = useOpMutation('staff.assignDevices', { invalidates: ['staff.page', 'staff.devices'] });
  const [picked, setPicked] = useState<readonly AssignedDevice[] | null>(null);
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const [keyword, setKeyword] = useState('');
  const [pointId, setPointId] = useState<number | 'none' | undefined>(undefined);
  const assigned = picked ?? current.data ?? NONE;
  const inSet = useMemo(() => new Set(assigned.map((d) => d.id)), [assigned]);
  const all = choices.data ?? NONE;
  const points = useMemo(
    () => [...new Map(all.filter((d) => d.pointId !== null).map((d) => [d.pointId!, d.pointName ?? ''])).entries()],
    [all],
  );
  const needle = keyword.trim().toLowerCase();
  const available = all.filter(
    (d) =>
      !inSet.has(d.id) &&
      (pointId === undefined || (pointId === 'none' ? d.pointId === null : d.pointId === pointId)) &&
      (!needle || d.name.toLowerCase().includes(needle) || d.serial.toLowerCase().includes(needle)),
  );

  const toggle = (id: number, on: boolean) =>
    setMarked((m) => {
      const next = new Set(m);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const add = () => {
    setPicked([...assigned, ...available.filter((d) => marked.has(d.id))]);
    setMarked(new Set());
  };
  const remove = () => {
    setPicked(assigned.filter((d) => !marked.has(d.id)));
    setMarked(new Set());
  };
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const submit = useDialogSave(form, {
    save: () => assign.mutateAsync({ params: { id: member.id }, body: { deviceIds: assigned.map((d) => d.id) } }),
    saved: t('staff.member.devicesSaved'),
    failed: t('staff.member.saveFailed'),
    onClose,
  });
  const loading = current.isPending || choices.isPending;
  const list = (rows: readonly AssignedDevice[], testId: string, empty: string) => (
    <div className={styles.list} role="group" data-testid={testId}>
      {rows.length === 0 ? (
        <Text className={styles.empty}>{empty}</Text>
      ) : (
        rows.map((d) => (
          <Checkbox
            key={d.id}
            checked={marked.has(d.id)}
            onChange={(_, c) => toggle(d.id, c.checked === true)}
            label={labelOf(d)}
            data-testid={`${testId}-item`}
            data-serial={d.serial}
          />
        ))
      )}
    </div>
  );
  return (
    <FormDialog
      title={t('staff.member.assignTitle', { name: member.name })}
      busy={submit.busy}
      dirty={picked !== null}
      onClose={onClose}
      onSubmit={(e) => void submit.run(e)}
      surfaceClassName={styles.surface}
      testId="member-devices"
    >
      <Text className={styles.hint}>{t('staff.member.assignHint')}</Text>
      {loading ? (
        <Spinner />
      ) : (
        <div className={styles.lists}>
          <div className={styles.side}>
            <Text weight="semibold">{t('staff.member.available')}</Text>
            <div className={styles.filters}>
              <Input
                className={styles.grow}
                contentBefore={<SearchRegular />}
                value={keyword}
                onChange={(_, d) => setKeyword(d.value)}
                maxLength={50}
                placeholder={t('staff.member.deviceKeyword')}
                aria-label={t('staff.member.deviceKeyword')}
                data-testid="member-devices-keyword"
              />
              <Dropdown
                className={styles.grow}
                aria-label={t('staff.member.point')}
                value={
                  pointId === undefined
                    ? t('staff.member.allPoints')
                    : pointId === 'none'
                      ? t('staff.member.noPoint')
                      : (points.find(([id]) => id === pointId)?.[1] ?? '')
                }
                selectedOptions={[String(pointId ?? '')]}
                onOptionSelect={(_, d) =>
                  setPointId(
                    d.optionValue === '' ? undefined : d.optionValue === 'none' ? 'none' : Number(d.optionValue),
                  )
                }
                data-testid="member-devices-point"
              >
                <Option value="">{t('staff.member.allPoints')}</Option>
                {points.map(([id, name]) => (
                  <Option key={id} value={String(id)}>
                    {name}
                  </Option>
                ))}
                <Option value="none">{t('staff.member.noPoint')}</Option>
              </Dropdown>
            </div>
            {list(available, 'member-devices-available', t('common.empty'))}
          </div>
          <div className={styles.moves}>
            <Button
              icon={<ChevronRightRegular />}
              iconPosition="after"
              onClick={add}
              disabled={!available.some((d) => marked.has(d.id))}
              data-testid="member-devices-add"
            >
              {t('staff.member.add')}
            </Button>
            <Button
              icon={<ChevronLeftRegular />}
              onClick={remove}
              disabled={!assigned.some((d) => marked.has(d.id))}
              data-testid="member-devices-remove"
            >
              {t('staff.member.remove')}
            </Button>
          </div>
          <div className={styles.side}>
            <Text weight="semibold" data-testid="member-devices-count">
              {t('staff.member.assigned', { count: assigned.length })}
            </Text>
            {list(assigned, 'member-devices-assigned', t('staff.member.noneAssigned'))}
          </div>
        </div>
      )}
    </FormDialog>
  );
}
