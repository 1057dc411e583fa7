/**
 * The sign-in page's language menu (spec §2: each option in its own
 * language), of plain elements: the sign-in page loads without Fluent,
 * and this is the shell's LanguageSwitcher without its Fluent
 * menu and unsaved-input question (nothing is unsaved before sign-in). A menu
 * button: Enter, Space or ↓ opens it on the current language, ↑ ↓ Home End
 * move, Escape or Tab closes it, focus back on the button.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../shared/i18n/define.js';
import languageNames from 'virtual:ui/languages';
import './languageMenu.css';
import { currentLang, setLanguage } from '../i18n/index.js';

export function LanguageMenu({ onSwitched }: { onSwitched?: (lang: Lang) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const items = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[LANGS.indexOf(lang)]?.focus();
    const away = (event: PointerEvent) => {
      if (!list.current?.contains(event.target as Node) && !trigger.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const choose = (next: Lang) => {
    close();
    if (next !== lang) void setLanguage(next).then(() => onSwitched?.(next));
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1 + all.length, Home: 0, End: all.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      all[move % all.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="signin-lang">
      <button
        ref={trigger}
        type="button"
        className="signin-lang-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('language.current', { name: t(`language.${lang}`) })}
        data-testid="language-switcher"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <svg
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.2"
        >
          <circle cx="10" cy="10" r="7.5" />
          <ellipse cx="10" cy="10" rx="3.2" ry="7.5" />
          <path d="M2.5 10h15M4 6h12M4 14h12" />
        </svg>
        {t(`language.${lang}`)}
      </button>
      {open && (
        <div ref={list} role="menu" className="signin-lang-menu" aria-label={t('language.label')} onKeyDown={onMenuKey}>
          {LANGS.map((l) => (
            <button
              key={l}
              type="button"
              role="menuitemradio"
              aria-checked={l === lang}
              lang={l}
              tabIndex={-1}
              data-testid={`language-${l}`}
              onClick={() => choose(l)}
            >
              <span className="signin-lang-check" aria-hidden="true">
                {l === lang ? '✓' : ''}
              </span>
              {languageNames[l]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
