/** Language menu: each option in its own language (spec §2). */
import { Menu, MenuButton, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, type MenuProps } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../shared/errors.js';
import { catalogues } from '../../shared/i18n/index.js';
import { isLang } from '../i18n/detect.js';
import { currentLang, setLanguage } from '../i18n/index.js';
import { useNotify } from './notify.js';

export interface LanguageSwitcherProps {
  appearance?: 'subtle' | 'transparent' | 'secondary';
  /** After the switch (the shell re-renders the current route through /redirect). */
  onChanged?: (lang: Lang) => void;
}

export function LanguageSwitcher({ appearance = 'subtle', onChanged }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const lang = currentLang();

  const onChange: MenuProps['onCheckedValueChange'] = (_, { checkedItems }) => {
    const next = checkedItems[0];
    if (!isLang(next) || next === lang) return;
    void setLanguage(next).then(() => {
      onChanged?.(next);
      notify(catalogues[next].language.switched);
    });
  };

  return (
    <Menu checkedValues={{ language: [lang] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance={appearance} icon={<LocalLanguageRegular />} aria-label={t('language.label')} data-testid="language-switcher">
          {t(`language.${lang}`)}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGS.map((l) => (
            <MenuItemRadio key={l} name="language" value={l} lang={l} data-testid={`language-${l}`}>
              {catalogues[l].language[l]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
