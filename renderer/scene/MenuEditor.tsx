/**
 * The scene's menu tree editor (spec §3 menu node: name, image, type, device
 * match, failure handling; §5: name and image required, every scene device
 * in the menu). Nodes are dragged among their siblings (or moved with the
 * arrow buttons, for the keyboard); a child goes under any node above the
 * third level. What the server refuses stays typed and is said at the node.
 */
import {
  Button,
  Card,
  Checkbox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  mergeClasses,
  Option,
  Radio,
  RadioGroup,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownRegular,
  ArrowUpRegular,
  DeleteRegular,
  ReOrderDotsVerticalRegular,
  SaveRegular,
} from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import {
  FAILURE_HANDLINGS,
  NODE_MATCHES,
  NODE_TYPES,
  SCENE_LIMITS,
  type SceneDetail,
} from '../../shared/scene/index.js';
import { useOpMutation } from '../bridge.js';
import { ImageUploader } from '../file/index.js';
import { currentLang } from '../i18n/index.js';
import { CheckGroup, useGuardedAction, useFormGrid, useScreen } from '../kit/index.js';
import {
  addNode,
  canAddChild,
  childrenOf,
  dropOn,
  missingDevices,
  moveNode,
  removeNode,
  updateNode,
  type EditNode,
} from './menu.js';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  children: {
    paddingLeft: tokens.spacingHorizontalXXL,
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
    marginLeft: tokens.spacingHorizontalM,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  over: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  handle: { cursor: 'grab', color: tokens.colorNeutralForeground3, display: 'flex' },
  name: { flexGrow: 1, minWidth: '160px' },
  dropdown: { minWidth: 0, width: '100%' },
  devices: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
});

type NodeErrors = Record<string, Partial<Record<'name' | 'image' | 'deviceIds', string>>>;

let made = 0;
const newKey = () => `n${Date.now().toString(36)}${(++made).toString(36)}`;

export function MenuEditor({ scene }: { scene: SceneDetail }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const formGrid = useFormGrid();
  const save = useOpMutation('scene.menuSave', { invalidates: ['scene.info', 'scene.page'] });
  const [nodes, setNodes] = useState<EditNode[]>(scene.menu);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<NodeErrors>({});
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  // Functional updates: two uploads finishing together must not undo each other.
  const change = (next: (prev: EditNode[]) => EditNode[]) => {
    setNodes(next);
    setDirty(true);
  };
  const patch = (key: string, p: Partial<EditNode>) => {
    change((prev) => updateNode(prev, key, p));
    setErrors((e) => ({
      ...e,
      [key]: { ...e[key], ...Object.fromEntries(Object.keys(p).map((k) => [k, undefined])) },
    }));
  };
  const add = (parentKey: string | null) =>
    change((prev) =>
      addNode(prev, {
        key: newKey(),
        parentKey,
        name: t('scene.detail.newNode'),
        image: null,
        type: 'required',
        match: 'single',
        failure: 'refundNode',
        deviceIds: scene.devices.length === 1 ? [scene.devices[0]!.id] : [],
      }),
    );

  // The nodes as they are now, for an answer that arrives after an upload finished meanwhile.
  const current = useRef(nodes);
  current.current = nodes;

  const submit = useGuardedAction(async () => {
    const sent = nodes;
    try {
      await save.mutateAsync({ params: { id: scene.id }, body: { nodes: sent } });
      notify(t('scene.detail.saved'));
      setDirty(false);
      setErrors({});
    } catch (error) {
      report(error, {
        fallback: t('scene.detail.saveFailed'),
        onFields: (fields) => {
          const found: NodeErrors = {};
          for (const [path, key] of Object.entries(fields)) {
            const [, index, field] = /^nodes\.(\d+)\.(\w+)/.exec(path) ?? [];
            const node = sent[Number(index)];
            // A field changed since it was sent (an image whose upload finished meanwhile) is not marked with what the answer said of the old value.
            const now = current.current.find((n) => n.key === node?.key);
            if (
              node &&
              now &&
              (field === 'name' || field === 'image' || field === 'deviceIds') &&
              now[field] === node[field]
            ) {
              found[node.key] = {
                ...found[node.key],
                [field]: t(key as 'validation.invalid', { max: SCENE_LIMITS.nodeName }),
              };
            }
          }
          setErrors(found);
        },
      });
    }
  });

  const missing = missingDevices(nodes, scene.devices);
  const renderLevel = (parentKey: string | null) => {
    const level = childrenOf(nodes, parentKey);
    return (
      <ol className={mergeClasses(styles.list, parentKey !== null && styles.children)}>
        {level.map((node, index) => {
          const error = errors[node.key] ?? {};
          return (
            <li key={node.key}>
              <Card
                className={mergeClasses(styles.card, over === node.key && dragged !== node.key && styles.over)}
                data-testid="menu-node"
                draggable
                onDragStart={(e) => {
                  e.stopPropagation();
                  setDragged(node.key);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  const source = nodes.find((n) => n.key === dragged);
                  if (source && source.parentKey === node.parentKey) {
                    e.preventDefault();
                    e.stopPropagation();
                    setOver(node.key);
                  }
                }}
                onDragLeave={() => setOver((o) => (o === node.key ? null : o))}
                onDrop={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  if (dragged) change((prev) => dropOn(prev, dragged, node.key));
                  setDragged(null);
                  setOver(null);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
              >
                <div className={styles.head}>
                  <span className={styles.handle} aria-hidden>
                    <ReOrderDotsVerticalRegular />
                  </span>
                  <Field
                    className={styles.name}
                    validationMessage={error.name}
                    label={t('scene.detail.nodeName')}
                    required
                  >
                    <Input
                      value={node.name}
                      maxLength={SCENE_LIMITS.nodeName}
                      onChange={(_, d) => patch(node.key, { name: d.value })}
                      onBlur={() => {
                        if (!node.name.trim())
                          setErrors((e) => ({
                            ...e,
                            [node.key]: { ...e[node.key], name: t('scene.validation.empty') },
                          }));
                      }}
                      data-testid="menu-node-name"
                    />
                  </Field>
                  <Tooltip content={t('scene.detail.moveUp')} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<ArrowUpRegular />}
                      disabled={index === 0}
                      onClick={() => change((prev) => moveNode(prev, node.key, index - 1))}
                      data-testid="menu-node-up"
                    />
                  </Tooltip>
                  <Tooltip content={t('scene.detail.moveDown')} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<ArrowDownRegular />}
                      disabled={index === level.length - 1}
                      onClick={() => change((prev) => moveNode(prev, node.key, index + 1))}
                      data-testid="menu-node-down"
                    />
                  </Tooltip>
                  <Tooltip content={t('scene.detail.addChild')} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<AddRegular />}
                      disabled={!canAddChild(nodes, node.key)}
                      onClick={() => add(node.key)}
                      data-testid="menu-node-add-child"
                    />
                  </Tooltip>
                  <Tooltip content={t('scene.detail.remove')} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      onClick={() => change((prev) => removeNode(prev, node.key))}
                      data-testid="menu-node-remove"
                    />
                  </Tooltip>
                </div>
                <div className={formGrid.size150}>
                  <Field label={t('scene.detail.image')} required validationMessage={error.image}>
                    <ImageUploader
                      value={node.image ? [node.image] : []}
                      onChange={(ids) => patch(node.key, { image: ids[0] ?? null })}
                      max={1}
                      alt={node.name}
                      testId="menu-node-image"
                    />
                  </Field>
                  <Field label={t('scene.detail.type')}>
                    <Dropdown
                      className={styles.dropdown}
                      value={t(`scene.detail.types.${node.type}`)}
                      selectedOptions={[node.type]}
                      onOptionSelect={(_, d) => patch(node.key, { type: d.optionValue as EditNode['type'] })}
                      data-testid="menu-node-type"
                    >
                      {NODE_TYPES.map((v) => (
                        <Option key={v} value={v}>
                          {t(`scene.detail.types.${v}`)}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Field label={t('scene.detail.match')}>
                    <Dropdown
                      className={styles.dropdown}
                      value={t(`scene.detail.matches.${node.match}`)}
                      selectedOptions={[node.match]}
                      onOptionSelect={(_, d) => patch(node.key, { match: d.optionValue as EditNode['match'] })}
                      data-testid="menu-node-match"
                    >
                      {NODE_MATCHES.map((v) => (
                        <Option key={v} value={v}>
                          {t(`scene.detail.matches.${v}`)}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Field label={t('scene.detail.failure')}>
                    <Dropdown
                      className={styles.dropdown}
                      value={t(`scene.detail.failures.${node.failure}`)}
                      selectedOptions={[node.failure]}
                      onOptionSelect={(_, d) => patch(node.key, { failure: d.optionValue as EditNode['failure'] })}
                      data-testid="menu-node-failure"
                    >
                      {FAILURE_HANDLINGS.map((v) => (
                        <Option key={v} value={v}>
                          {t(`scene.detail.failures.${v}`)}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                </div>
                {/* A single-device node offers one choice (radio buttons): ticking a second box silently unticked the first. */}
                {node.match === 'single' ? (
                  <Field
                    label={t('scene.detail.nodeDevices')}
                    required
                    validationMessage={error.deviceIds}
                    hint={t('scene.detail.singleHint')}
                  >
                    <RadioGroup
                      className={styles.devices}
                      value={node.deviceIds[0] === undefined ? '' : String(node.deviceIds[0])}
                      onChange={(_, d) => patch(node.key, { deviceIds: [Number(d.value)] })}
                    >
                      {scene.devices.map((d) => (
                        <Radio key={d.id} value={String(d.id)} label={d.name} data-testid="menu-node-device" />
                      ))}
                    </RadioGroup>
                  </Field>
                ) : (
                  <CheckGroup
                    label={t('scene.detail.nodeDevices')}
                    required
                    error={error.deviceIds}
                    className={styles.devices}
                  >
                    {scene.devices.map((d) => (
                      <Checkbox
                        key={d.id}
                        label={d.name}
                        checked={node.deviceIds.includes(d.id)}
                        data-testid="menu-node-device"
                        onChange={(_, c) =>
                          patch(node.key, {
                            deviceIds: c.checked ? [...node.deviceIds, d.id] : node.deviceIds.filter((x) => x !== d.id),
                          })
                        }
                      />
                    ))}
                  </CheckGroup>
                )}
              </Card>
              {childrenOf(nodes, node.key).length > 0 && renderLevel(node.key)}
            </li>
          );
        })}
      </ol>
    );
  };

  return (
    <div className={styles.editor}>
      <div className={styles.bar}>
        <Text className={styles.grow}>{t('scene.detail.menuHint')}</Text>
        <Button
          icon={<AddRegular />}
          disabled={nodes.length >= SCENE_LIMITS.nodes}
          onClick={() => add(null)}
          data-testid="menu-add-root"
        >
          {t('scene.detail.addRoot')}
        </Button>
        <Button
          appearance="primary"
          icon={<SaveRegular />}
          disabledFocusable={submit.busy}
          onClick={() => void submit.run()}
          data-testid="menu-save"
        >
          {t('scene.detail.save')}
        </Button>
      </div>
      {dirty && (
        <MessageBar intent="info" data-testid="menu-unsaved">
          <MessageBarBody>{t('scene.detail.unsaved')}</MessageBarBody>
        </MessageBar>
      )}
      {missing.length > 0 && (
        <MessageBar intent="warning" data-testid="menu-missing">
          <MessageBarBody>
            {t('scene.detail.missing', {
              names: new Intl.ListFormat(currentLang()).format(missing.map((d) => d.name)),
            })}
          </MessageBarBody>
        </MessageBar>
      )}
      {nodes.length ? renderLevel(null) : <Text data-testid="menu-empty">{t('scene.detail.empty')}</Text>}
    </div>
  );
}
