/**
 * Language menu: each option in its own language (spec §2). Where the switch
 * re-renders the view (the top bar: through /redirect), unsaved input on
 * screen would be lost: then it asks first (spec §2 "a language-change
 * confirmation exists"); otherwise it switches at once and says so.
 */
import {
  Menu,
  MenuButton,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type MenuProps,
} from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../shared/i18n/define.js';
// Each language's own name, before its catalogue is loaded (scripts/ui-tables.ts).
import languageNames from 'virtual:ui/languages';
import { isLang } from '../i18n/detect.js';
import { currentLang, i18n, setLanguage } from '../i18n/index.js';
import { hasDirtyForms } from './dirty.js';
import { useNotify } from './notify.js';

// Loaded when first asked for: only the shell with unsaved input asks, so the sign-in page never loads the dialog.
const ConfirmDialog = lazy(() => import('../kit/ConfirmDialog.js').then((m) => ({ default: m.ConfirmDialog })));

export interface LanguageSwitcherProps {
  appearance?: 'subtle' | 'transparent' | 'secondary';
  /** After the switch (the shell re-renders the current route through /redirect). */
  onChanged?: (lang: Lang) => void;
  /** The icon alone (a narrow top bar); the name stays the button's label for assistive tech. */
  compact?: boolean;
}

/** The shell's switcher, listening for a switch asked elsewhere (the desktop's application menu). */
const requests = new Set<(next: Lang) => void>();

/** Switches as a click on the top bar's switcher would: asking first while a form holds unsaved input. */
export function requestLanguage(next: Lang): void {
  for (const request of requests) request(next);
}

export function LanguageSwitcher({ appearance = 'subtle', onChanged, compact = false }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const lang = currentLang();
  /** A switch waiting for the user's word, the screen holding unsaved input. */
  const [pending, setPending] = useState<Lang | null>(null);

  const apply = (next: Lang) =>
    setLanguage(next).then(() => {
      onChanged?.(next);
      notify(i18n.getFixedT(next)('language.switched'));
    });

  const choose = (next: unknown) => {
    if (!isLang(next) || next === currentLang()) return;
    if (onChanged && hasDirtyForms()) setPending(next);
    else void apply(next);
  };
  const onChange: MenuProps['onCheckedValueChange'] = (_, { checkedItems }) => choose(checkedItems[0]);
  // Only the shell's switcher (the one that refreshes the screen) answers the menu.
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const listens = onChanged !== undefined;
  useEffect(() => {
    if (!listens) return;
    const request = (next: Lang) => chooseRef.current(next);
    requests.add(request);
    return () => {
      requests.delete(request);
    };
  }, [listens]);

  return (
    <>
      <Menu checkedValues={{ language: [lang] }} onCheckedValueChange={onChange}>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton
            appearance={appearance}
            icon={<LocalLanguageRegular />}
            aria-label={compact ? t('language.label') : t('language.current', { name: t(`language.${lang}`) })}
            data-testid="language-switcher"
          >
            {compact ? null : t(`language.${lang}`)}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {LANGS.map((l) => (
              <MenuItemRadio key={l} name="language" value={l} lang={l} data-testid={`language-${l}`}>
                {languageNames[l]}
              </MenuItemRadio>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {pending !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            text={t('language.unsaved')}
            confirmLabel={t('language.switchAnyway')}
            onConfirm={async () => {
              const next = pending;
              setPending(null);
              await apply(next);
            }}
            onCancel={() => setPending(null)}
          />
        </Suspense>
      )}
    </>
  );
}
