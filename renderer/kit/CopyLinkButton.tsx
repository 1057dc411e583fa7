/**
 * "Copy link" on a record's page: the console's deep link to it
 * (shared/links.ts), for a colleague to open on the desktop — an order or a
 * complaint then opens in its own window, once they are signed in and may
 * see it. In browser mode the page's own address instead: a browser cannot
 * open a vend-console:// link.
 */
import { Button } from '@fluentui/react-components';
import { LinkRegular } from '@fluentui/react-icons';
import { linkOf } from '../../shared/links.js';
import { onDesktop } from '../bridge.js';
import { useScreen } from './useScreen.js';

export function CopyLinkButton({ path, testId }: { path: string; testId: string }) {
  const { t, notify } = useScreen();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(onDesktop() ? linkOf(path) : new URL(path, window.location.origin).href);
      notify(t('link.copied'));
    } catch {
      notify(t('link.failed'), { intent: 'error' });
    }
  };
  return (
    <Button icon={<LinkRegular />} onClick={() => void copy()} data-testid={testId}>
      {t('link.copy')}
    </Button>
  );
}
