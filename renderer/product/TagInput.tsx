/**
 * Tags typed one at a time (Enter or a comma adds one), shown as chips that
 * can be removed. A repeat is not added twice (spec §5 "tags must not
 * repeat"); the server refuses repeats too.
 */
import { Input, makeStyles, Tag, TagGroup, tokens } from '@fluentui/react-components';
import { useState, type KeyboardEvent } from 'react';
import { PRODUCT_LIMITS } from '../../shared/product/index.js';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export interface TagInputProps {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  placeholder: string;
  removeLabel: (tag: string) => string;
  testId?: string;
}

export function TagInput({ value, onChange, onBlur, placeholder, removeLabel, testId = 'tags' }: TagInputProps) {
  const styles = useStyles();
  const [draft, setDraft] = useState('');
  const commit = () => {
    const tag = draft.trim();
    if (tag && !value.includes(tag) && value.length < PRODUCT_LIMITS.tags) onChange([...value, tag]);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',' || e.key === '\uFF0C') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && draft === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={styles.frame}>
      {value.length > 0 && (
        <TagGroup onDismiss={(_, d) => onChange(value.filter((t) => t !== d.value))} data-testid={`${testId}-list`}>
          {value.map((tag) => (
            <Tag key={tag} value={tag} dismissible dismissIcon={{ 'aria-label': removeLabel(tag) }} size="small">
              {tag}
            </Tag>
          ))}
        </TagGroup>
      )}
      <Input
        value={draft}
        maxLength={PRODUCT_LIMITS.tag}
        placeholder={placeholder}
        onChange={(_, d) => setDraft(d.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        data-testid={`${testId}-input`}
      />
    </div>
  );
}
