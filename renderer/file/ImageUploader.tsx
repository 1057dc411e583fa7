/**
 * Choosing a form's images (spec §5: JPG/GIF/PNG/BMP, at most 2 MB; "image
 * upload failed"): thumbnails in order, the first marked as the main image,
 * reordered by dragging or with the arrow buttons (the keyboard's way),
 * removed one by one. Choosing and uploading: useImagePick.tsx.
 */
import { Button, makeStyles, mergeClasses, Spinner, Text, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, DeleteRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useState, type DragEvent } from 'react';
import { useScreen } from '../kit/index.js';
import { IMAGE_SIZE_TEXT, useImagePick } from './useImagePick.js';

const FORMATS = 'JPG, GIF, PNG, BMP';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  tile: {
    position: 'relative',
    width: '96px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '2px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '4px',
    cursor: 'grab',
  },
  dragging: { opacity: 0.4 },
  image: { width: '80px', height: '80px', objectFit: 'contain', backgroundColor: tokens.colorNeutralBackground3 },
  main: {
    position: 'absolute',
    top: '4px',
    left: '4px',
    fontSize: tokens.fontSizeBase100,
    paddingLeft: '4px',
    paddingRight: '4px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    borderRadius: tokens.borderRadiusSmall,
  },
  tools: { display: 'flex' },
  add: { width: '96px', height: '112px', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface ImageUploaderProps {
  /** File ids in order; the first is the main image. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** How many images at most (3 in the old product form, 1 in the new). */
  max: number;
  /** The images' subject, for their alternative text (the product's name). */
  alt: string;
  disabled?: boolean;
  testId?: string;
}

export function ImageUploader({ value, onChange, max, alt, disabled = false, testId = 'images' }: ImageUploaderProps) {
  const { t } = useScreen();
  const styles = useStyles();
  const [dragged, setDragged] = useState<number | null>(null);
  const { busy, choose, fileInput } = useImagePick((file) => {
    if (!value.includes(file.id)) onChange([...value, file.id]);
  }, testId);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    onChange(next);
  };
  const drop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragged !== null) move(dragged, to);
    setDragged(null);
  };

  return (
    <div className={styles.frame} data-testid={testId}>
      <div className={styles.row}>
        {value.map((id, i) => (
          <div
            key={id}
            className={mergeClasses(styles.tile, dragged === i && styles.dragging)}
            draggable={!disabled}
            onDragStart={() => setDragged(i)}
            onDragEnd={() => setDragged(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => drop(e, i)}
            data-testid={`${testId}-tile`}
            data-file-id={id}
          >
            <img className={styles.image} src={`/files/${id}`} alt={`${alt} ${i + 1}`} draggable={false} />
            {i === 0 && <span className={styles.main}>{t('file.main')}</span>}
            <div className={styles.tools}>
              <Tooltip content={t('file.moveLeft')} relationship="label">
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowLeftRegular />}
                  disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1)}
                  data-testid={`${testId}-left`}
                />
              </Tooltip>
              <Tooltip content={t('file.remove')} relationship="label">
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((x) => x !== id))}
                  data-testid={`${testId}-remove`}
                />
              </Tooltip>
              <Tooltip content={t('file.moveRight')} relationship="label">
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowRightRegular />}
                  disabled={disabled || i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                  data-testid={`${testId}-right`}
                />
              </Tooltip>
            </div>
          </div>
        ))}
        {value.length < max && (
          <Button
            className={styles.add}
            appearance="outline"
            disabled={disabled || busy}
            onClick={() => void choose()}
            icon={busy ? <Spinner size="tiny" /> : <ImageAddRegular />}
            data-testid={`${testId}-add`}
          >
            {busy ? t('file.uploading') : t('file.choose')}
          </Button>
        )}
      </div>
      <Text size={200} className={styles.hint}>
        {t('file.hint', { formats: FORMATS, size: IMAGE_SIZE_TEXT })}
      </Text>
      {fileInput}
    </div>
  );
}
