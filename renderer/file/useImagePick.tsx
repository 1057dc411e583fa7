/**
 * Choosing one image and uploading it: desktop, the native open dialog, read
 * and uploaded by main (`file.pickImage`); browser mode, a file input whose
 * bytes go up as `file.upload`. Either way the upstream judges the content;
 * the size is checked here first only to spare a 2 MB round trip. Used by the
 * product and menu image picker and by the account's avatar.
 */
import { makeStyles } from '@fluentui/react-components';
import { useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, type FileItem } from '../../shared/file/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { base64Of, useScreen } from '../kit/index.js';

export const IMAGE_SIZE_TEXT = '2MB';

const useStyles = makeStyles({ hidden: { display: 'none' } });

export function useImagePick(added: (file: FileItem) => void, testId: string) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const info = useOp('app.info', undefined, { staleTime: Infinity });
  const upload = useOpMutation('file.upload');
  const pick = useOpMutation('file.pickImage');
  const [busy, setBusy] = useState(false);
  const failed = (error: unknown) => report(error, { fallback: t('file.uploadFailed') });
  const run = async (work: () => Promise<FileItem | null>) => {
    setBusy(true);
    try {
      const file = await work();
      if (file) added(file);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const choose = async () => {
    if (info.data?.mode !== 'desktop') {
      input.current?.click();
      return;
    }
    await run(async () => (await pick.mutateAsync({ label: t('file.choose') })).file);
  };

  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file chosen again must fire again.
    e.target.value = '';
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      notify(t('file.tooLarge', { size: IMAGE_SIZE_TEXT }), { intent: 'error' });
      return;
    }
    await run(async () =>
      upload.mutateAsync({ body: { name: file.name, data: base64Of(new Uint8Array(await file.arrayBuffer())) } }),
    );
  };

  const fileInput = (
    <input
      ref={input}
      className={styles.hidden}
      type="file"
      accept={IMAGE_ACCEPT}
      onChange={(e) => void picked(e)}
      data-testid={`${testId}-input`}
      tabIndex={-1}
      aria-hidden
    />
  );
  return { busy, choose, fileInput };
}
