/**
 * /person (spec §2 account info, §3 session user, §5 phone rule): one's own
 * name, account and role; the contact phone (a new one must differ from the
 * old); the avatar, uploaded through the file domain and shown at 80×80; the
 * entity type for a tenant's or enterprise customer's account; the password
 * dialog; for a tenant, its payment account and its device callbacks.
 */
import {
  Avatar,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ImageEditRegular, KeyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { ENTITY_TYPES, type EntityType, type Profile } from '../../shared/account/index.js';
import { phone } from '../../shared/api/define.js';
import { useOp, useOpMutation } from '../bridge.js';
import { asCallError } from '../app/errors.js';
import { roleNameKey } from '../app/session.js';
import { useImagePick } from '../file/index.js';
import { ActionButton, useScreen } from '../kit/index.js';
import { accountCallbacks, accountPaymentForm } from './ports.js';
import { PasswordDialog } from './PasswordDialog.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0, maxWidth: '720px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  who: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  avatar: {
    width: '80px',
    height: '80px',
    borderRadius: tokens.borderRadiusCircular,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    overflowWrap: 'anywhere',
  },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export default function PersonPage() {
  const { t, user } = useScreen();
  const styles = useStyles();
  const Callbacks = accountCallbacks.use();
  const PaymentForm = accountPaymentForm.use();
  const profile = useOp('account.profile', {});
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <section className={styles.page} aria-labelledby="person-title">
      <Title3 as="h1" id="person-title">
        {t('account.route.person')}
      </Title3>
      {profile.isError && (
        <MessageBar intent="error" data-testid="person-failed">
          <MessageBarBody>{t('common.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {!profile.data ? (
        !profile.isError && <Spinner />
      ) : (
        <>
          <Info profile={profile.data} />
          {profile.data.hasEntity && <Entity value={profile.data.entityType} />}
          {/* Spec §2 /person: a tenant's own payment account (the same form the distributor list opens). */}
          {user.roleKind === 'tenant' && (
            <Card className={styles.card} data-testid="person-payment">
              <Text weight="semibold">{t('payment.title')}</Text>
              <PaymentForm history />
            </Card>
          )}
          {user.roleKind === 'tenant' && (
            <Card className={styles.card} data-testid="person-callbacks">
              <Text weight="semibold">{t('callback.title')}</Text>
              <Callbacks />
            </Card>
          )}
          <Card className={styles.card}>
            <Text weight="semibold">{t('account.person.security')}</Text>
            <div className={styles.row}>
              <Button icon={<KeyRegular />} onClick={() => setChangingPassword(true)} data-testid="person-password">
                {t('account.profile.password')}
              </Button>
              <Text size={200}>{t('account.person.passwordHint')}</Text>
            </div>
          </Card>
        </>
      )}
      <PasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </section>
  );
}

function Info({ profile }: { profile: Profile }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const update = useOpMutation('account.updateProfile', { invalidates: ['account.profile'] });
  const [contact, setContact] = useState(profile.contact ?? '');
  const [problem, setProblem] = useState<string>();
  const avatar = useImagePick((file) => {
    void update.mutateAsync({ body: { avatar: file.id } }).then(
      () => notify(t('account.person.saved')),
      (e: unknown) => report(e),
    );
  }, 'person-avatar');
  const role = roleNameKey(profile.roleName);

  const saveContact = async () => {
    const parsed = phone.safeParse(contact);
    if (!parsed.success) {
      setProblem(t('validation.phone'));
      return;
    }
    if (parsed.data === profile.contact) {
      setProblem(t('account.validation.samePhone'));
      return;
    }
    try {
      await update.mutateAsync({ body: { contact: parsed.data } });
      setProblem(undefined);
      notify(t('account.person.saved'));
    } catch (error) {
      const field = asCallError(error).fields?.contact;
      if (field) setProblem(t(field as 'account.validation.samePhone'));
      else report(error);
    }
  };

  return (
    <Card className={styles.card}>
      <Text weight="semibold">{t('account.person.info')}</Text>
      <div className={styles.who}>
        {profile.avatar ? (
          <img
            className={styles.avatar}
            src={`/files/${profile.avatar}`}
            width={80}
            height={80}
            alt={t('account.person.avatar')}
            data-testid="person-avatar"
          />
        ) : (
          <Avatar
            name={profile.name}
            size={72}
            aria-label={t('account.person.avatar')}
            data-testid="person-avatar-initials"
          />
        )}
        <Button
          icon={avatar.busy ? <Spinner size="tiny" /> : <ImageEditRegular />}
          disabled={avatar.busy}
          onClick={() => void avatar.choose()}
          data-testid="person-avatar-change"
        >
          {t('account.person.changeAvatar')}
        </Button>
        {avatar.fileInput}
      </div>
      <div className={styles.facts}>
        <Text>{t('account.person.name')}</Text>
        <Text weight="semibold" data-testid="person-name">
          {profile.name}
        </Text>
        <Text>{t('account.person.username')}</Text>
        <Text weight="semibold">{profile.username}</Text>
        <Text>{t('account.person.role')}</Text>
        <Text weight="semibold" data-testid="person-role">
          {role ? t(role) : profile.roleName}
        </Text>
      </div>
      <div className={styles.row}>
        <Field
          label={t('account.person.contact')}
          validationMessage={problem}
          hint={profile.contact ? undefined : t('account.person.contactNone')}
        >
          <Input
            value={contact}
            maxLength={11}
            inputMode="tel"
            onChange={(_, d) => {
              setContact(d.value);
              setProblem(undefined);
            }}
            data-testid="person-contact"
          />
        </Field>
        <ActionButton appearance="primary" action={saveContact} data-testid="person-contact-save">
          {t('account.person.save')}
        </ActionButton>
      </div>
    </Card>
  );
}

function Entity({ value }: { value: EntityType | null }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const update = useOpMutation('account.updateProfile', { invalidates: ['account.profile'] });
  // Shown chosen at once; back to what was saved if the save is refused.
  const [shown, setShown] = useState(value);
  const choose = async (entityType: EntityType) => {
    setShown(entityType);
    try {
      await update.mutateAsync({ body: { entityType } });
      notify(t('account.person.saved'));
    } catch (error) {
      setShown(value);
      report(error);
    }
  };
  return (
    <Card className={styles.card}>
      <Field label={t('account.person.entityType')}>
        <RadioGroup
          value={shown ?? ''}
          onChange={(_, d) => void choose(d.value as EntityType)}
          data-testid="person-entity"
        >
          {ENTITY_TYPES.map((e) => (
            <Radio key={e} value={e} label={t(`account.person.entityTypes.${e}`)} data-testid={`person-entity-${e}`} />
          ))}
        </RadioGroup>
      </Field>
    </Card>
  );
}
